/**
 * Content commands for authors:
 *   tsx packages/content/src/cli.ts validate [--dir <content dir>] [files...]
 *   tsx packages/content/src/cli.ts summary  [--dir <content dir>]
 * (or `npm run content:validate` / `npm run content:summary` from the repository root).
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { defaultContentDir } from './read-content';
import { countableFromDrafts, renderSummaryTable, summariseCourses } from './summarise-content';
import { type ContentInspection, formatIssues, inspectContent } from './validate-content';

export interface CliOutput {
  out(text: string): void;
  err(text: string): void;
}

const USAGE = `Usage:
  content validate [--dir <content dir>] [files...]   check the content; exit code 1 on any issue
  content summary  [--dir <content dir>]              per-course size as a Markdown table`;

const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;

function totals(inspection: ContentInspection): string {
  const units = inspection.units;
  const lessons = units.reduce((n, u) => n + u.lessons.length, 0);
  const words = units.reduce((n, u) => n + u.words.length, 0);
  const sentences = units.reduce((n, u) => n + u.sentences.length, 0);
  return `${plural(units.length, 'unit')}, ${plural(lessons, 'lesson')}, ${plural(words, 'word')}, ${plural(sentences, 'sentence')}`;
}

function parseArgs(argv: readonly string[]): { command?: string; dir: string; files: string[] } | string {
  const [command, ...rest] = argv;
  let dir = defaultContentDir;
  const files: string[] = [];
  for (let i = 0; i < rest.length; i++) {
    const arg = rest[i] ?? '';
    if (arg === '--dir') {
      const value = rest[++i];
      if (!value) return '--dir needs a directory';
      dir = path.resolve(value);
    } else if (arg.startsWith('-')) {
      return `unknown option ${arg}`;
    } else {
      files.push(arg);
    }
  }
  return { ...(command !== undefined && { command }), dir, files };
}

/** A file argument may be relative to the working directory or to the content directory. */
function resolveTarget(dir: string, file: string): string | undefined {
  return [path.resolve(file), path.resolve(dir, file)].find((candidate) => existsSync(candidate));
}

function validate(dir: string, files: readonly string[], io: CliOutput): number {
  const targets: string[] = [];
  for (const file of files) {
    const target = resolveTarget(dir, file);
    if (!target) {
      io.err(`${file}: file not found`);
      return 2;
    }
    targets.push(target);
  }
  const inspection = inspectContent(dir);
  const selected =
    targets.length === 0
      ? inspection.issues
      : inspection.issues.filter((issue) => {
          const abs = path.resolve(dir, issue.file);
          return targets.some((t) => abs === t || abs.startsWith(`${t}${path.sep}`));
        });

  if (selected.length > 0) {
    const fileCount = new Set(selected.map((i) => i.file)).size;
    io.out(formatIssues(selected));
    io.out(`\n✗ ${plural(selected.length, 'issue')} in ${plural(fileCount, 'file')}`);
    return 1;
  }
  if (inspection.issues.length > 0) {
    io.out(
      `✓ no issues in ${files.join(', ')} (but ${plural(inspection.issues.length, 'issue')} in other files: run without file names to see them)`,
    );
    return 0;
  }
  io.out(`✓ content valid: ${totals(inspection)}`);
  return 0;
}

function summary(dir: string, io: CliOutput): number {
  const inspection = inspectContent(dir);
  io.out(renderSummaryTable(summariseCourses(countableFromDrafts(inspection.units), inspection.languages)));
  if (inspection.issues.length > 0) {
    io.err(`\n⚠ the content has ${plural(inspection.issues.length, 'issue')}: run \`npm run content:validate\``);
  }
  return 0;
}

export function runCli(argv: readonly string[], io: CliOutput): number {
  const args = parseArgs(argv);
  if (typeof args === 'string') {
    io.err(`${args}\n\n${USAGE}`);
    return 2;
  }
  switch (args.command) {
    case 'validate':
      return validate(args.dir, args.files, io);
    case 'summary':
      return summary(args.dir, io);
    default:
      io.err(USAGE);
      return 2;
  }
}

const isMain = process.argv[1] !== undefined && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url);
if (isMain) {
  process.exitCode = runCli(process.argv.slice(2), {
    out: (text) => process.stdout.write(`${text}\n`),
    err: (text) => process.stderr.write(`${text}\n`),
  });
}
