/**
 * Template variables: a template writes a business's facts as {{variables}} ({{businessName}}, {{openingHours}}),
 * and an agent made from it carries the values in `templateFields`. These rules fill them in.
 */

const variablePattern = /\{\{\s*([A-Za-z][A-Za-z0-9_]*)\s*\}\}/g;

/** The variable names a text uses, in order of first appearance. */
export function templateVariablesIn(text: string): string[] {
  const names: string[] = [];
  for (const match of text.matchAll(variablePattern)) {
    const name = match[1];
    if (name && !names.includes(name)) names.push(name);
  }
  return names;
}

/**
 * Replaces every {{name}} that has a non-blank value; a variable without one stays as written, so a missing fact
 * remains visible instead of silently disappearing from the prompt.
 */
export function fillTemplateVariables(text: string, values: Readonly<Record<string, string>>): string {
  return text.replace(variablePattern, (whole, name: string) => {
    const value = Object.hasOwn(values, name) ? values[name] : undefined;
    return value !== undefined && value.trim() !== '' ? value : whole;
  });
}

/**
 * Fills variables in every string of a JSON-like value (objects, arrays), leaving the keys named in `skipKeys`
 * untouched at any depth. Returns a new value; the input is not changed.
 */
export function fillTemplateVariablesDeep<T>(
  value: T,
  values: Readonly<Record<string, string>>,
  skipKeys: readonly string[] = [],
): T {
  const walk = (item: unknown): unknown => {
    if (typeof item === 'string') return fillTemplateVariables(item, values);
    if (Array.isArray(item)) return item.map(walk);
    if (item !== null && typeof item === 'object') {
      return Object.fromEntries(
        Object.entries(item).map(([key, inner]) => [key, skipKeys.includes(key) ? inner : walk(inner)]),
      );
    }
    return item;
  };
  return walk(value) as T;
}

/** Every variable used anywhere in the strings of a JSON-like value. */
export function templateVariablesInDeep(value: unknown, skipKeys: readonly string[] = []): string[] {
  const names: string[] = [];
  const walk = (item: unknown): void => {
    if (typeof item === 'string') {
      for (const name of templateVariablesIn(item)) if (!names.includes(name)) names.push(name);
    } else if (Array.isArray(item)) {
      item.forEach(walk);
    } else if (item !== null && typeof item === 'object') {
      for (const [key, inner] of Object.entries(item)) if (!skipKeys.includes(key)) walk(inner);
    }
  };
  walk(value);
  return names;
}

export interface TemplateViewer {
  superAdmin: boolean;
  role: 'partner' | 'reseller' | 'organization';
}

/**
 * Whether a caller sees an agent's template variables filled in (spec part 1 §6): super admins, resellers and
 * partners (who author templates) see them as written unless they force the replacement; everyone else, and the
 * runtime, sees the business's values.
 */
export function seesTemplateVariablesReplaced(viewer: TemplateViewer | null, force = false): boolean {
  if (force || viewer === null) return true;
  return !(viewer.superAdmin || viewer.role === 'reseller' || viewer.role === 'partner');
}

export interface AgentAppRef {
  appId?: string | null | undefined;
  version?: string | null | undefined;
}

/**
 * Adds an app to an agent's list (spec part 1 §5): an app needs both appId and version, otherwise nothing is
 * added; an app already present (same appId and version) is ignored. Returns a new list.
 */
export function addAgentApp<A extends AgentAppRef>(apps: readonly A[], app: A): A[] {
  const appId = app.appId?.trim() ?? '';
  const version = app.version?.trim() ?? '';
  if (!appId || !version) return [...apps];
  if (apps.some((existing) => existing.appId?.trim() === appId && existing.version?.trim() === version))
    return [...apps];
  return [...apps, { ...app, appId, version }];
}
