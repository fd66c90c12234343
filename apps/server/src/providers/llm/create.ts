import type { LlmConfig } from './config';
import { createOpenAiModel } from './openai';
import { createSandboxModel } from './sandbox/sandbox-model';
import type { LanguageModel } from './types';

/** The platform's default model: every agent that does not name another provider runs on it. */
export function createLanguageModel(config: LlmConfig): LanguageModel {
  return config.provider === 'openai'
    ? createOpenAiModel({ apiKey: config.apiKey, baseUrl: config.baseUrl, model: config.model })
    : createSandboxModel();
}
