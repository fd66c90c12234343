export * from './database-template';
export * from './free-port';
export * from './log-capture';
export * from './server-process';
export * from './test-app';
export * from './kit/index';
export { startFakeS3Server } from './fakes/fake-s3-server';
export * from './sign-in';
export * from './sample-request';
export { startFakeSmtpServer } from './fakes/fake-smtp-server';
export * from './speech-wav';
export { startFakeDeepgramServer } from './fakes/fake-deepgram-server';
export { startFakeTtsServer } from './fakes/fake-tts-server';
export {
  startFakeOpenAiServer,
  type FakeModelReply,
  type ChatCompletionRequest,
} from './fakes/fake-openai-server';
export {
  fakeEmbedding,
  startFakeEmbeddingsServer,
  type EmbeddingsRequest,
} from './fakes/fake-embeddings-server';
export { startFakeTwilioServer, type FakeTwilioServer } from './fakes/fake-twilio-server';
export {
  connectTwilioMediaStream,
  mulawFrames,
  toneUtteranceMulaw,
  type MediaStreamMessage,
} from './fakes/twilio-media-client';
export {
  fakeTwilioInventory,
  sendTwilioWebhook,
  twilioWebhookSignature,
  type FakeTwilioNumber,
  type FakeTwilioRequest,
} from './fakes/twilio-wire';
export {
  startFakeStripeServer,
  stripeSignature,
  type FakeStripeServer,
  type SignedStripeEvent,
} from './fakes/fake-stripe-server';
export type { FakeConnectedAccount, FakeStripeConnect, FakeTransfer } from './fakes/fake-stripe-connect';
export { startFakeLndServer, type FakeLndServer } from './fakes/fake-lnd-server';
export { startFakePayPalServer, type FakePayPalServer } from './fakes/fake-paypal-server';
export { encodeLnurl, startFakeLnurlServer, type FakeLnurlServer } from './fakes/fake-lnurl-server';
export { FakeSipCall } from './fakes/fake-sip-phone';
export { startFakeSipPhone, type FakeSipPhone } from './fakes/fake-sip-phone-start';
export {
  startFakeSipCallee,
  type CalleeBehaviour,
  type CalleeCall,
  type FakeSipCallee,
} from './fakes/fake-sip-callee';
export { freeUdpPort, hasSipp, portTaken, removeSippRun, rtpPcap, runSipp, type SippRun } from './sipp';
export { startFakeSipRegistrar, type FakeSipRegistrar } from './fakes/fake-sip-registrar';
export {
  calendlySignature,
  startFakeCalendlyServer,
  type FakeCalendlyServer,
} from './fakes/fake-calendly-server';
export {
  startFakeGoogleCalendarServer,
  type FakeGoogleCalendarServer,
} from './fakes/fake-google-calendar-server';
export { startFakeJobNimbusServer, type FakeJobNimbusServer } from './fakes/fake-jobnimbus-server';
