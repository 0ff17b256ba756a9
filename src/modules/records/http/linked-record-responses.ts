import type { Request, Response } from 'express';
import type { AppConfig } from '../../../config/app-config';
import type { Page, PageRequest } from '../../../shared/domain/page';
import { etagOf, sendWithEtag, sendWritten } from '../../../shared/http/etag';
import { assertPageExists, LinkParam, listLinks, setListHeaders, totalPages } from '../../../shared/http/list-response';
import { toZone } from '../../../shared/domain/time/date-input';
import { MediaService } from '../../media/application/media.service';
import type { OffLoopTextCleaning } from '../../../shared/text/off-loop-text-cleaning';
import type { LinkedRecord } from '../domain/linked-record';
import type { PresentContext, RecordPresenter } from './record-presentation';

/**
 * The answers of the venue and organizer routes, built with the aggregate's presenter: every ETag is that of the
 * single GET body (with json_ld, §9.11), whatever route computes it.
 */
export class LinkedRecordResponses<T extends LinkedRecord> {
  constructor(
    /** Names the list's key and address (`venues`) and its past-the-end error. */
    private readonly kind: 'venue' | 'organizer',
    private readonly present: RecordPresenter<T>,
    private readonly media: MediaService,
    private readonly config: AppConfig,
    /** Works out long descriptions' plain forms (json_ld) off the event loop before they are presented. */
    private readonly longTexts: OffLoopTextCleaning,
  ) {}

  /**
   * A list answer (§10.6): 400 past the last page, the X-TEC-* headers, links that keep the sent filters (`linkParams`),
   * and the records without json_ld.
   */
  async page(result: Page<T>, page: PageRequest, linkParams: LinkParam[], api: string, res: Response) {
    assertPageExists(this.kind, page, result.items.length);
    const pages = totalPages(result.total, page.perPage);
    setListHeaders(res, result.total, pages);
    const ctx = await this.context(result.items);
    const links = listLinks(`${api}/${this.kind}s/`, page, pages, linkParams);
    const items = result.items.map((record) => this.present(record, ctx, { withJsonLd: false }));
    return { [`${this.kind}s`]: items, ...links, total: result.total, total_pages: pages };
  }

  /** A single GET: the full body with its ETag, or a bare 304 when `If-None-Match` matches. */
  async single(record: T, req: Request, res: Response) {
    return sendWithEtag(res, this.present(record, await this.context([record], true), { withJsonLd: true }), req.header('if-none-match'));
  }

  /** A create or update: the body without json_ld, with the ETag a GET of the record would show. */
  async written(record: T, res: Response) {
    const ctx = await this.context([record], true);
    return sendWritten(res, this.present(record, ctx, { withJsonLd: false }), this.present(record, ctx, { withJsonLd: true }));
  }

  /** A trash or delete: the record as it was left, without json_ld and without ETag. */
  async removed(record: T) {
    return this.present(record, await this.context([record]), { withJsonLd: false });
  }

  /**
   * The record's tag: that of its single GET body (§9.11). Computed inside a write's unit of work (`If-Match`), so a
   * long description is not sent to the worker, whose queue the transaction's locks would wait on.
   */
  async tagOf(record: T): Promise<string> {
    return etagOf(this.present(record, await this.context([record]), { withJsonLd: true }));
  }

  private async context(records: T[], withJsonLd = false): Promise<PresentContext> {
    if (withJsonLd) await this.longTexts.prepareReading(records.map((r) => r.description));
    const images = await this.media.findByIds(records.map((r) => r.imageId).filter((id): id is number => id !== null));
    const zone = this.config.calendarTimezone;
    return { publicUrl: this.config.publicUrl, toSite: (utc) => toZone(utc, zone), images };
  }
}
