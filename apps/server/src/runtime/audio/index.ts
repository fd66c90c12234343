export * from './pcm';
export * from './resample';
export * from './g711';
export * from './wav';
export * from './frame-chunker';
