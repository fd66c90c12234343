import type { ESLint, Rule } from 'eslint';

export declare function resolveSpecifier(specifier: string, fromFile: string): string | undefined;
export declare const featureBoundaries: Rule.RuleModule;
declare const plugin: ESLint.Plugin & { rules: { 'feature-boundaries': Rule.RuleModule } };
export default plugin;
