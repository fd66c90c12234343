import { readFileSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';

/**
 * Every module a file names: imports and re-exports (type-only ones too), `import x = require()`, `import('x')`
 * types, dynamic imports and `require()` calls. Only string literals: a computed specifier names no file.
 */
export function collectSpecifiers(fileName: string, text: string): string[] {
  const kind = fileName.endsWith('.tsx') ? ts.ScriptKind.TSX : ts.ScriptKind.TS;
  const source = ts.createSourceFile(fileName, text, ts.ScriptTarget.Latest, false, kind);
  const found: string[] = [];
  const add = (node: ts.Node | undefined): void => {
    if (node && ts.isStringLiteralLike(node)) found.push(node.text);
  };
  const visit = (node: ts.Node): void => {
    if (ts.isImportDeclaration(node) || ts.isExportDeclaration(node)) add(node.moduleSpecifier);
    else if (ts.isImportEqualsDeclaration(node) && ts.isExternalModuleReference(node.moduleReference)) {
      add(node.moduleReference.expression);
    } else if (ts.isImportTypeNode(node) && ts.isLiteralTypeNode(node.argument)) add(node.argument.literal);
    else if (ts.isCallExpression(node) && isImportOrRequire(node.expression)) add(node.arguments[0]);
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

function isImportOrRequire(callee: ts.Expression): boolean {
  return (
    callee.kind === ts.SyntaxKind.ImportKeyword || (ts.isIdentifier(callee) && callee.text === 'require')
  );
}

/**
 * Resolves specifiers the way the compiler does for the importing file: the nearest tsconfig.json's options
 * (paths included), and workspace packages through node_modules to their real source files.
 */
export class ModuleResolver {
  private readonly optionsByConfig = new Map<string, ts.CompilerOptions>();
  private readonly caches = new Map<ts.CompilerOptions, ts.ModuleResolutionCache>();

  resolve(specifier: string, fromFile: string): string | undefined {
    const options = this.optionsFor(fromFile);
    let cache = this.caches.get(options);
    if (!cache) {
      cache = ts.createModuleResolutionCache(process.cwd(), (name) => name, options);
      this.caches.set(options, cache);
    }
    const resolved = ts.resolveModuleName(specifier, fromFile, options, ts.sys, cache).resolvedModule;
    return resolved ? path.resolve(resolved.resolvedFileName) : undefined;
  }

  private optionsFor(file: string): ts.CompilerOptions {
    const configFile = ts.findConfigFile(path.dirname(file), (name) => ts.sys.fileExists(name));
    if (!configFile) return {};
    let options = this.optionsByConfig.get(configFile);
    if (!options) {
      const read = ts.readConfigFile(configFile, (name) => ts.sys.readFile(name));
      if (read.error) throw new Error(ts.flattenDiagnosticMessageText(read.error.messageText, '\n'));
      options = ts.parseJsonConfigFileContent(read.config, ts.sys, path.dirname(configFile)).options;
      this.optionsByConfig.set(configFile, options);
    }
    return options;
  }
}

export type ImportGraph = ReadonlyMap<string, ReadonlySet<string>>;

/** Each file's imports among `files` (absolute paths); what resolves elsewhere (node_modules, CSS) is left out. */
export function buildImportGraph(files: readonly string[], resolver = new ModuleResolver()): ImportGraph {
  const known = new Set(files);
  const graph = new Map<string, Set<string>>();
  for (const file of files) {
    const targets = new Set<string>();
    for (const specifier of collectSpecifiers(file, readFileSync(file, 'utf8'))) {
      const target = resolver.resolve(specifier, file);
      if (target && known.has(target)) targets.add(target);
    }
    graph.set(file, targets);
  }
  return graph;
}

/**
 * The import circles of a graph, each as a chain that starts and ends at the same file. Every file caught in a
 * tangle shows in at least one chain: for each such file, the shortest circle through it (repeats dropped).
 */
export function findImportCircles(graph: ImportGraph): string[][] {
  const circles = new Map<string, string[]>();
  for (const component of stronglyConnectedComponents(graph)) {
    const members = new Set(component);
    for (const start of [...component].sort()) {
      const circle = shortestCircleThrough(graph, start, members);
      if (!circle) continue;
      const rotated = rotateToSmallest(circle);
      circles.set(rotated.join('\n'), [...rotated, rotated[0] ?? start]);
    }
  }
  return [...circles.entries()].sort(([a], [b]) => a.localeCompare(b)).map(([, circle]) => circle);
}

function shortestCircleThrough(graph: ImportGraph, start: string, members: ReadonlySet<string>) {
  const cameFrom = new Map<string, string>();
  const queue = [start];
  // The queue grows while it is read: breadth first, so the first way back is a shortest one.
  for (const file of queue) {
    for (const next of [...(graph.get(file) ?? [])].sort()) {
      if (!members.has(next)) continue;
      if (next === start) {
        const chain = [file];
        for (let at = cameFrom.get(file); at !== undefined; at = cameFrom.get(at)) chain.unshift(at);
        return chain;
      }
      if (cameFrom.has(next)) continue;
      cameFrom.set(next, file);
      queue.push(next);
    }
  }
  return undefined;
}

function rotateToSmallest(circle: string[]): string[] {
  const at = circle.indexOf([...circle].sort()[0] ?? '');
  return [...circle.slice(at), ...circle.slice(0, at)];
}

/** Tarjan's algorithm, iterative so a long import chain cannot overflow the stack. */
function stronglyConnectedComponents(graph: ImportGraph): string[][] {
  interface Visit {
    file: string;
    index: number;
    lowLink: number;
    onStack: boolean;
    targets: Iterator<string>;
  }
  const visits = new Map<string, Visit>();
  const stack: Visit[] = [];
  const components: string[][] = [];

  const enter = (file: string, trail: Visit[]): void => {
    const visit: Visit = {
      file,
      index: visits.size,
      lowLink: visits.size,
      onStack: true,
      targets: (graph.get(file) ?? new Set<string>()).values(),
    };
    visits.set(file, visit);
    stack.push(visit);
    trail.push(visit);
  };

  for (const root of graph.keys()) {
    if (visits.has(root)) continue;
    const trail: Visit[] = [];
    enter(root, trail);
    for (let visit = trail.at(-1); visit; visit = trail.at(-1)) {
      const step = visit.targets.next();
      if (!step.done) {
        const target = visits.get(step.value);
        if (!target) enter(step.value, trail);
        else if (target.onStack) visit.lowLink = Math.min(visit.lowLink, target.index);
        continue;
      }
      trail.pop();
      const parent = trail.at(-1);
      if (parent) parent.lowLink = Math.min(parent.lowLink, visit.lowLink);
      if (visit.lowLink !== visit.index) continue;
      const component: string[] = [];
      for (let member = stack.pop(); member; member = member === visit ? undefined : stack.pop()) {
        member.onStack = false;
        component.push(member.file);
      }
      const selfLoop = graph.get(visit.file)?.has(visit.file) ?? false;
      if (component.length > 1 || selfLoop) components.push(component);
    }
  }
  return components;
}
