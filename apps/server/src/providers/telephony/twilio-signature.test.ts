import { createHmac } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { sendTwilioWebhook, twilioWebhookSignature } from '@switchboard/testing';
import { describe, expect, it } from 'vitest';
import { isTwilioSignatureValid, twilioSignatureFor } from './twilio-signature';

const authToken = '12345678901234567890123456789012';
const url = 'https://switchboard.example/api/telephony/twilio/voice?number=7';
const params = {
  CallSid: 'CA1234567890abcdef1234567890abcdef',
  From: '+14155550100',
  To: '+14155550101',
  CallStatus: 'ringing',
};

/** Twilio's algorithm written out: the URL, then each field sorted by name as name+value, HMAC-SHA1, base64. */
const byHand = (token: string, data: string) => createHmac('sha1', token).update(data).digest('base64');
const signed = byHand(
  authToken,
  `${url}CallSidCA1234567890abcdef1234567890abcdefCallStatusringingFrom+14155550100To+14155550101`,
);

describe('isTwilioSignatureValid', () => {
  it("accepts Twilio's signature of the URL and the fields", () => {
    expect(twilioSignatureFor(authToken, url, params)).toBe(signed);
    expect(twilioWebhookSignature(authToken, url, params)).toBe(signed);
    expect(isTwilioSignatureValid({ authToken, publicUrl: url, params, signature: signed })).toBe(true);
  });

  it('does not depend on the order the fields arrived in', () => {
    const reordered = {
      To: params.To,
      CallStatus: params.CallStatus,
      From: params.From,
      CallSid: params.CallSid,
    };
    expect(Object.keys(reordered)).not.toEqual(Object.keys(params));
    expect(isTwilioSignatureValid({ authToken, publicUrl: url, params: reordered, signature: signed })).toBe(
      true,
    );
  });

  it('refuses a tampered body: a changed, added or missing field', () => {
    const check = (body: Record<string, string>) =>
      isTwilioSignatureValid({ authToken, publicUrl: url, params: body, signature: signed });
    expect(check({ ...params, From: '+14155550199' })).toBe(false);
    expect(check({ ...params, Digits: '1' })).toBe(false);
    const { CallStatus: _dropped, ...withoutStatus } = params;
    expect(check(withoutStatus)).toBe(false);
  });

  it('refuses the signature for another URL (path, query or host)', () => {
    for (const other of [
      'https://switchboard.example/api/telephony/twilio/sms?number=7',
      'https://switchboard.example/api/telephony/twilio/voice?number=8',
      'https://switchboard.example/api/telephony/twilio/voice',
      'https://evil.example/api/telephony/twilio/voice?number=7',
    ]) {
      expect(isTwilioSignatureValid({ authToken, publicUrl: other, params, signature: signed })).toBe(false);
    }
  });

  it('accepts the URL with or without the default port, as Twilio signs either', () => {
    const withPort = 'https://switchboard.example:443/api/telephony/twilio/voice?number=7';
    expect(isTwilioSignatureValid({ authToken, publicUrl: withPort, params, signature: signed })).toBe(true);
  });

  it('refuses a missing or empty header, and a signature made with another token', () => {
    for (const signature of [undefined, '', [signed, signed]]) {
      expect(isTwilioSignatureValid({ authToken, publicUrl: url, params, signature })).toBe(false);
    }
    const forged = twilioSignatureFor('another-token', url, params);
    expect(isTwilioSignatureValid({ authToken, publicUrl: url, params, signature: forged })).toBe(false);
  });

  it('signs a repeated field once per distinct value, sorted', () => {
    const repeated = { StatusCallbackEvent: ['ringing', 'answered', 'ringing'] };
    const signature = byHand(authToken, `${url}StatusCallbackEventansweredStatusCallbackEventringing`);
    expect(twilioWebhookSignature(authToken, url, repeated)).toBe(signature);
    expect(isTwilioSignatureValid({ authToken, publicUrl: url, params: repeated, signature })).toBe(true);
  });

  it('verifies a webhook as the fake carrier sends it: a form POST signed over the configured URL', async () => {
    const received: { body: string; signature: string | string[] | undefined }[] = [];
    const server = http.createServer((req, res) => {
      let body = '';
      req.on('data', (chunk: Buffer) => (body += chunk.toString('utf8')));
      req.on('end', () => {
        received.push({ body, signature: req.headers['x-twilio-signature'] });
        res.writeHead(200, { 'content-type': 'text/xml' });
        res.end('<Response/>');
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const local = `http://127.0.0.1:${(server.address() as AddressInfo).port}/voice?number=7`;
    try {
      const answer = await sendTwilioWebhook(local, params, { authToken, signedUrl: url });
      expect(answer).toEqual({ status: 200, contentType: 'text/xml', body: '<Response/>' });
      const [delivery] = received;
      const form = Object.fromEntries(new URLSearchParams(delivery?.body));
      expect(form).toEqual(params);
      const check = (publicUrl: string) =>
        isTwilioSignatureValid({ authToken, publicUrl, params: form, signature: delivery?.signature });
      expect(check(url)).toBe(true);
      expect(check(local)).toBe(false);
    } finally {
      await new Promise<void>((resolve) => server.close(() => resolve()));
    }
  });
});
