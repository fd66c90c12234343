// `npm run lint` runs this: it fails, naming each offender, on an import circle among the source files of the
// server, the web app and the packages (type-only imports count), on a source file over 400 lines and on a
// server route file over 200 lines.
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import {
  findOversizedFiles,
  importGraphRoots,
  listSourceFiles,
  type OversizedFile,
} from './structure/file-sizes';
import { buildImportGraph, findImportCircles } from './structure/import-circles';

export interface StructureReport {
  /** Each circle as repository-relative paths, the first file repeated at the end. */
  circles: string[][];
  oversized: OversizedFile[];
}

export function checkStructure(root: string): StructureReport {
  const graphFiles = listSourceFiles(root, importGraphRoots).map((file) => path.join(root, file));
  const circles = findImportCircles(buildImportGraph(graphFiles)).map((circle) =>
    circle.map((file) => path.relative(root, file).split(path.sep).join('/')),
  );
  return { circles, oversized: findOversizedFiles(root, listSourceFiles(root)) };
}

export function formatReport({ circles, oversized }: StructureReport): string[] {
  const lines: string[] = [];
  if (circles.length > 0) {
    lines.push(`Import circles (${circles.length}):`);
    for (const circle of circles) lines.push(`  ${circle.join('\n    → ')}`);
  }
  for (const kind of ['source file', 'route file'] as const) {
    const over = oversized.filter((entry) => entry.kind === kind);
    if (over.length === 0) continue;
    lines.push(`${kind === 'source file' ? 'Source files' : 'Route files'} over ${over[0]?.limit} lines:`);
    for (const { file, lines: count } of over) lines.push(`  ${file} (${count} lines)`);
  }
  return lines;
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const report = checkStructure(path.resolve(import.meta.dirname, '..'));
  const lines = formatReport(report);
  if (lines.length > 0) {
    console.error(lines.join('\n'));
    process.exit(1);
  }
  console.log('Structure: no import circle, no source file over 400 lines, no route file over 200 lines.');
}
