import { MultiBar, Presets, SingleBar } from 'cli-progress';
import type { ImportReporter, ImportSummary, KindTally } from '../../modules/imports/application/import.service';
import type { CopyPlan } from '../../modules/imports/domain/copy-plan';
import { IMPORT_KINDS, ImportKind } from '../../modules/imports/domain/import-mapping';

export interface ImportStreams {
  stdout: NodeJS.WritableStream;
  stderr: NodeJS.WritableStream & { isTTY?: boolean };
}

const PLURAL: Record<ImportKind, string> = { category: 'categories', tag: 'tags', venue: 'venues', organizer: 'organizers', event: 'events' };

/** Plain progress lines at most this often (CI logs, pipes). */
const LINE_EVERY_MS = 5_000;

/**
 * The command's voice: on a terminal one progress bar per phase (kept on screen when done), notes and failures
 * printed above the bars; otherwise plain lines (`import: events 1200/10000 (12%), 4.1 s, 290/s` every 5 s and at the
 * end of each phase). Dry-run plans go to stdout, everything else to stderr.
 */
export class ConsoleImportReporter implements ImportReporter {
  private readonly multi: MultiBar | null;
  private bar: SingleBar | null = null;
  private phaseStarted = 0;
  private lastLine = 0;
  private totals = new Map<ImportKind, number>();
  private done = new Map<ImportKind, number>();
  private current: ImportKind | null = null;

  constructor(private readonly io: ImportStreams) {
    this.multi = io.stderr.isTTY
      ? new MultiBar(
          {
            format: '{phase} {bar} {percentage}% | {value}/{total} | {rate}/s',
            stream: io.stderr as NodeJS.WriteStream,
            hideCursor: true,
            clearOnComplete: false,
            stopOnComplete: false,
            autopadding: true,
          },
          Presets.shades_classic,
        )
      : null;
  }

  phase(kind: ImportKind): void {
    this.current = kind;
    this.phaseStarted = Date.now();
    this.lastLine = Date.now();
    if (this.multi) this.bar = this.multi.create(0, 0, { phase: PLURAL[kind].padEnd(10), rate: 0 });
  }

  total(kind: ImportKind, total: number): void {
    this.totals.set(kind, total);
    if (this.bar && kind === this.current) this.bar.setTotal(total);
  }

  progress(kind: ImportKind, done: number): void {
    this.done.set(kind, done);
    if (kind !== this.current) return;
    const seconds = Math.max(0.001, (Date.now() - this.phaseStarted) / 1000);
    if (this.bar) {
      if (done > this.bar.getTotal()) this.bar.setTotal(done);
      this.bar.update(done, { rate: Math.round(done / seconds) });
    } else if (Date.now() - this.lastLine >= LINE_EVERY_MS) {
      this.lastLine = Date.now();
      this.line(kind);
    }
  }

  phaseDone(kind: ImportKind): void {
    if (this.bar) {
      const done = this.done.get(kind) ?? 0;
      this.bar.setTotal(Math.max(done, this.totals.get(kind) ?? 0));
      this.bar.update(done);
      this.bar = null;
    } else {
      this.line(kind);
    }
    this.current = null;
  }

  note(message: string): void {
    this.log(`import: ${message}`);
  }

  failure(message: string): void {
    this.log(`import: failed: ${message}`);
  }

  planned(action: 'create' | 'update', plan: CopyPlan): void {
    const slug = plan.slug ? ` (${plan.slug})` : '';
    this.io.stdout.write(`would ${action} ${plan.kind} ${plan.sourceId} "${plan.label}"${slug}\n`);
  }

  /** Stops the bars (before the summary). */
  stop(): void {
    this.multi?.stop();
  }

  private log(text: string): void {
    if (this.multi) this.multi.log(`${text}\n`);
    else this.io.stderr.write(`${text}\n`);
  }

  private line(kind: ImportKind): void {
    const done = this.done.get(kind) ?? 0;
    const total = this.totals.get(kind);
    const seconds = (Date.now() - this.phaseStarted) / 1000;
    const share = total ? ` (${Math.round((100 * done) / Math.max(1, total))}%)` : '';
    this.io.stderr.write(
      `import: ${PLURAL[kind]} ${done}${total !== undefined ? `/${total}` : ''}${share}, ${seconds.toFixed(1)} s, ${Math.round(done / Math.max(0.001, seconds))}/s\n`,
    );
  }
}

/** The summary: one line per kind, then the slugs that changed, matched terms and the password of protected copies. */
export function summaryLines(summary: ImportSummary, options: { dryRun: boolean; generatedPassword?: string }): string[] {
  const lines: string[] = [];
  const verb = options.dryRun ? 'would be ' : '';
  for (const kind of IMPORT_KINDS) {
    const t: KindTally = summary.tallies[kind];
    const extra: string[] = [PLURAL[kind]];
    if (kind === 'event' && t.protected > 0) {
      extra.push(`${t.protected} password-protected${t.withoutContent ? `, ${t.withoutContent} of them without content (hidden by the source)` : ''}`);
    }
    if (t.adopted > 0) extra.push(`${t.adopted} matched local ${PLURAL[kind]} of the same name`);
    lines.push(
      `import: ${verb}created ${t.created}, ${verb}updated ${t.updated}, unchanged ${t.unchanged}, skipped ${t.skipped}, failed ${t.failed} (${extra.join('; ')})`,
    );
  }
  const changes = IMPORT_KINDS.flatMap((kind) => summary.tallies[kind].slugChanges.map((c) => ({ kind, ...c })));
  for (const c of changes.slice(0, 20)) {
    // Suffixed because the slug is taken here, or rewritten by §9.4's rules (WordPress keeps `%e6%97%a5`-encoded slugs).
    const why = c.to.startsWith(`${c.from}-`) ? 'slug taken here' : 'slug rewritten by the slug rules';
    lines.push(`import: ${why}: ${c.kind} ${c.sourceId} "${c.from}" is now "${c.to}"`);
  }
  if (changes.length > 20) lines.push(`import: … and ${changes.length - 20} more slugs changed`);
  if (summary.passwordUsed && options.generatedPassword && !options.dryRun) {
    lines.push(`import: password of the protected event copies written in this run (shown once): ${options.generatedPassword}`);
  }
  if (summary.interrupted) lines.push('import: interrupted: run the same command again to continue');
  return lines;
}
