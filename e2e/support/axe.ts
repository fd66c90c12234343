import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Page } from 'playwright-core';
import type { AxeResults, ElementContext, RunOptions } from 'axe-core';

const require = createRequire(import.meta.url);
const axeSource = readFileSync(require.resolve('axe-core/axe.min.js'), 'utf8');

const tags = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'];

/**
 * Runs axe-core in the page and returns its serious and critical violations (moderate ones too with
 * `minImpact: 'moderate'`) as readable lines
 * (rule id, impact, help and the first three offending selectors); an empty list is a pass.
 */
export async function checkAccessibility(
  page: Page,
  options: { include?: string; disableRules?: string[]; minImpact?: 'moderate' | 'serious' } = {},
): Promise<string[]> {
  // Evaluated by the test driver, not added as a script element: the page's CSP rightly refuses inline scripts.
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(axeSource);
  const runOptions: RunOptions = {
    resultTypes: ['violations'],
    runOnly: { type: 'tag', values: tags },
    rules: Object.fromEntries((options.disableRules ?? []).map((id) => [id, { enabled: false }])),
  };
  const results = await page.evaluate(
    ([include, opts]) => {
      const { axe } = window as unknown as {
        axe: { run(context: ElementContext, options: RunOptions): Promise<AxeResults> };
      };
      return axe.run(include ?? document, opts);
    },
    [options.include ?? null, runOptions] as const,
  );
  return results.violations
    .filter((violation) =>
      (options.minImpact === 'moderate'
        ? ['moderate', 'serious', 'critical']
        : ['serious', 'critical']
      ).includes(violation.impact ?? ''),
    )
    .map((violation) => {
      const targets = violation.nodes
        .slice(0, 3)
        .map((node) => node.target.map(String).join(' > '))
        .join(', ');
      const more = violation.nodes.length > 3 ? ` (+${violation.nodes.length - 3} more)` : '';
      return `${violation.id} [${violation.impact}] ${violation.help}: ${targets}${more}`;
    });
}

/**
 * Runs only the named axe rules and returns their violations at any impact (moderate and minor included), as
 * readable lines like `checkAccessibility`'s; an empty list is a pass.
 */
export async function checkRules(page: Page, ruleIds: string[]): Promise<string[]> {
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(axeSource);
  const results = await page.evaluate((ids) => {
    const { axe } = window as unknown as {
      axe: { run(context: ElementContext, options: RunOptions): Promise<AxeResults> };
    };
    return axe.run(document, { resultTypes: ['violations'], runOnly: { type: 'rule', values: ids } });
  }, ruleIds);
  return results.violations.map(
    (violation) =>
      `${violation.id} [${violation.impact ?? 'unknown'}] ${violation.help}: ${violation.nodes
        .slice(0, 3)
        .map((node) => node.target.map(String).join(' > '))
        .join(', ')}`,
  );
}
