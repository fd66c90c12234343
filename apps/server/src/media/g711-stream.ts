import { alawDecode, alawEncode, mulawDecode, mulawEncode } from './g711';
import { Resampler } from './resample';

export type G711Law = 'mulaw' | 'alaw';

/** The sample rate of every G.711 line (PCMU/PCMA, Twilio media streams). */
export const G711_RATE = 8000;

/**
 * Caller audio from a G.711 line (any chunk size) to linear PCM at `toRate` (16 kHz for detection and
 * recognition), keeping the resampler's state across chunks.
 */
export class G711Decoder {
  private readonly resampler: Resampler;

  constructor(
    private readonly law: G711Law,
    toRate = 16000,
  ) {
    this.resampler = new Resampler(G711_RATE, toRate);
  }

  decode(codes: Uint8Array): Int16Array {
    return this.resampler.push(this.law === 'mulaw' ? mulawDecode(codes) : alawDecode(codes));
  }

  /** The end of the call's audio: what the resampler still holds. */
  flush(): Int16Array {
    return this.resampler.flush();
  }
}

/** Agent audio at `fromRate` to G.711 bytes for the line, low-passed below 4 kHz on the way down. */
export class G711Encoder {
  private readonly resampler: Resampler;

  constructor(
    private readonly law: G711Law,
    fromRate: number,
  ) {
    this.resampler = new Resampler(fromRate, G711_RATE);
  }

  encode(pcm: Int16Array): Uint8Array {
    return this.compand(this.resampler.push(pcm));
  }

  flush(): Uint8Array {
    return this.compand(this.resampler.flush());
  }

  private compand(samples: Int16Array): Uint8Array {
    return this.law === 'mulaw' ? mulawEncode(samples) : alawEncode(samples);
  }
}
