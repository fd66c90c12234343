export * from './pcm';
export * from './resample';
export * from './g711';
export * from './wav';
export * from './frame-chunker';
export * from './g711-stream';
