import type { TestProject } from 'vitest/node';
import { createDatabaseTemplate } from './database-template';
import './provided-context';

/** Vitest global setup for the API suite: one migrated template per run, cloned by every test file. */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const { template, dispose } = await createDatabaseTemplate();
  project.provide('databaseTemplate', template);
  return dispose;
}
