export { SoftphonePage } from './softphone-page';
export { SandboxCallLink } from './sandbox-call-link';
