export { PayAgentPage } from './pay-agent-page';
