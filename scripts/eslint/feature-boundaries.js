// @ts-check
// A web feature reaches another feature only through that feature's index (features/<b>/index.ts or .tsx).
// Every form that names a module is checked (imports and re-exports, type-only ones, `import()` calls and types,
// `import x = require()`, `require()`), and each specifier is resolved the way the compiler resolves it (relative
// paths, tsconfig `paths` aliases), so the way the path is written makes no difference.
import path from 'node:path';
import ts from 'typescript';

/** @type {Map<string, ts.CompilerOptions>} */
const optionsByConfig = new Map();

/** @param {string} file */
function compilerOptionsFor(file) {
  const configFile = ts.findConfigFile(path.dirname(file), (name) => ts.sys.fileExists(name));
  if (!configFile) return {};
  let options = optionsByConfig.get(configFile);
  if (!options) {
    const read = ts.readConfigFile(configFile, (name) => ts.sys.readFile(name));
    options = read.error
      ? {}
      : ts.parseJsonConfigFileContent(read.config, ts.sys, path.dirname(configFile)).options;
    optionsByConfig.set(configFile, options);
  }
  return options;
}

/**
 * The file or directory a specifier names, or undefined for a package. What the compiler cannot resolve (a
 * stylesheet, a file that does not exist yet) is still placed by its relative path or its `paths` alias.
 * @param {string} specifier
 * @param {string} fromFile
 */
export function resolveSpecifier(specifier, fromFile) {
  const bare = specifier.replace(/[?#].*$/, '');
  const options = compilerOptionsFor(fromFile);
  const resolved = ts.resolveModuleName(bare, fromFile, options, ts.sys).resolvedModule;
  if (resolved) return path.resolve(resolved.resolvedFileName);
  if (bare.startsWith('.') || path.isAbsolute(bare)) return path.resolve(path.dirname(fromFile), bare);
  const base = options.pathsBasePath ?? options.baseUrl;
  for (const [pattern, targets] of Object.entries(options.paths ?? {})) {
    const [prefix = '', suffix = ''] = pattern.split('*');
    const wildcard = pattern.includes('*');
    const matches = wildcard
      ? bare.startsWith(prefix) && bare.endsWith(suffix) && bare.length >= prefix.length + suffix.length
      : bare === pattern;
    const target = targets[0];
    if (!matches || target === undefined || typeof base !== 'string') continue;
    const star = wildcard ? bare.slice(prefix.length, bare.length - suffix.length) : '';
    return path.resolve(base, target.replace('*', star));
  }
  if (typeof options.baseUrl === 'string' && !bare.startsWith('@')) {
    // A baseUrl makes `features/x` a path; a package name it does not resolve stays a package.
    const candidate = path.resolve(options.baseUrl, bare);
    if (ts.sys.directoryExists(candidate) || ts.sys.fileExists(candidate)) return candidate;
  }
  return undefined;
}

/**
 * Where a path sits among the features: the feature's name and the rest of the path inside it.
 * @param {string} featuresDir
 * @param {string} file
 */
function placeInFeatures(featuresDir, file) {
  const relative = path.relative(featuresDir, file);
  if (relative === '' || relative.startsWith('..') || path.isAbsolute(relative)) return undefined;
  const [feature = '', ...rest] = relative.split(path.sep);
  return { feature, inside: rest.join('/') };
}

/** @param {string} inside */
const isIndex = (inside) => inside === '' || /^index(\.tsx?)?$/.test(inside);

/** @type {import('eslint').Rule.RuleModule} */
export const featureBoundaries = {
  meta: {
    type: 'problem',
    docs: { description: "A web feature imports another feature only through that feature's index." },
    schema: [
      {
        type: 'object',
        properties: { featuresDir: { type: 'string' } },
        required: ['featuresDir'],
        additionalProperties: false,
      },
    ],
    messages: {
      internal:
        "features/{{from}} reaches into features/{{to}}/{{inside}}; import from features/{{to}}'s index instead.",
    },
  },
  create(context) {
    const featuresDir = path.resolve(
      context.cwd,
      /** @type {{ featuresDir: string }} */ (context.options[0]).featuresDir,
    );
    const file = path.resolve(context.cwd, context.filename);
    const own = placeInFeatures(featuresDir, file);
    // Only code inside a feature's folder is held to this; the app shell assembles features.
    if (!own || own.inside === '') return {};

    /** @param {any} node */
    const check = (node) => {
      /** @type {unknown} */
      const value =
        node?.type === 'Literal'
          ? node.value
          : node?.type === 'TemplateLiteral' && node.expressions.length === 0
            ? node.quasis[0]?.value.cooked
            : undefined;
      if (typeof value !== 'string') return;
      const target = resolveSpecifier(value, file);
      const place = target === undefined ? undefined : placeInFeatures(featuresDir, target);
      if (!place || place.feature === own.feature || isIndex(place.inside)) return;
      context.report({
        node,
        messageId: 'internal',
        data: { from: own.feature, to: place.feature, inside: place.inside },
      });
    };

    return {
      ImportDeclaration: (node) => check(node.source),
      ExportNamedDeclaration: (node) => check(node.source),
      ExportAllDeclaration: (node) => check(node.source),
      ImportExpression: (node) => check(node.source),
      /** @param {any} node */
      TSImportEqualsDeclaration: (node) => {
        if (node.moduleReference.type === 'TSExternalModuleReference') check(node.moduleReference.expression);
      },
      /** @param {any} node */
      TSImportType: (node) => check(node.source ?? node.argument?.literal),
      CallExpression: (node) => {
        if (node.callee.type === 'Identifier' && node.callee.name === 'require') check(node.arguments[0]);
      },
    };
  },
};

export default { rules: { 'feature-boundaries': featureBoundaries } };
