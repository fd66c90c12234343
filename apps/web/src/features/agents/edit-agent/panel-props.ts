import type { AgentConfig } from '@switchboard/contract';

/** What every editor panel and section receives: the draft and the way to change it (autosaved). */
export interface PanelProps {
  config: AgentConfig;
  edit: (change: Partial<AgentConfig> | ((draft: AgentConfig) => AgentConfig)) => void;
}
