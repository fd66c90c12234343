// What other features use of the runtime: the browser's audio capture and playback.
export { PcmPlayer } from './audio/pcm-player';
export type { CaptureMessage, CaptureOptions } from './audio/pcm-capture.worklet';
// Vite bundles the worklet and its imports into a script of its own and gives its address.
export { default as captureWorkletUrl } from './audio/pcm-capture.worklet.ts?worker&url';
