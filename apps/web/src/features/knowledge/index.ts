export { KnowledgeBasePicker } from './knowledge-base-picker';
