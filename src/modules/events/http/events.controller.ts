import { Controller, Delete, Get, HttpCode, Inject, Param, Patch, Post, Put, Req, Res } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import type { Request, Response } from 'express';
import type { AppConfig } from '../../../config/app-config';
import { APP_CONFIG } from '../../../config/config.token';
import type { Caller } from '../../../shared/domain/caller';
import { Requires } from '../../../shared/http/auth.guard';
import { inDeclaredOrder, Input, Lenient, LenientInput, Validated } from '../../../shared/http/params/input';
import {
  assertPageExists,
  LinkParam,
  listLinks,
  pageRequest,
  sentLinkParams,
  setListHeaders,
  totalPages,
} from '../../../shared/http/list-response';
import type { ApiRequest } from '../../../shared/http/api-request';
import { sendCalendar, sendCalendarParts, wantsCalendar } from '../../../shared/http/calendar-response';
import { RenderBudget } from '../../../shared/http/render-budget';
import { RecordIdPipe, SlugPipe } from '../../../shared/http/path-params';
import { ApiBase, CurrentCaller } from '../../../shared/http/request-context.decorators';
import { ifMatchOf, sendBytesWithEtag, sendWritten } from '../../../shared/http/etag';
import { arrayBody } from '../../../shared/http/json-bytes';
import { answerDataReadAt, takesPartInReadCache } from '../../../shared/http/read-cache/read-cache.middleware';
import { EventListResult, EventTarget, EventsService, WrittenEvent } from '../application/events.service';
import { isProtected, type EventStamp } from '../domain/calendar-event';
import { EventCalendarPresenter } from './event-calendar.presenter';
import { EventBodies } from './event-bodies';
import { readEventWrite } from './dto/event-write.command-reader';
import { CreateEventParams, DeleteEventParams, ReadEventParams, UpdateEventParams } from './dto/event-write.params';
import { ListEventsParams } from './dto/list-events.params';

const DATE_PARAMS = ['start_date', 'end_date', 'starts_before', 'starts_after', 'ends_before', 'ends_after'];

/** §6.11: the protected events of a list the caller may not see unlocked (masked in JSON and in iCalendar alike). */
const lockedIn = (result: EventListResult) => (e: EventStamp) => isProtected(e) && !result.unlocked.has(e.id);
const localeOf = (req: Request) => (req as ApiRequest).state.locale;

/**
 * Routes of CONTRACT §5 for events. Thin: validate (DTOs), call the service, present. The by-id and by-slug handlers
 * look alike on purpose: each route needs its own handler, since /doc names an operation after its handler and reads
 * its path parameter from `@Param`; they all hand over to `read`, `update` and `remove`. Reads answer JSON, or
 * iCalendar with `ical=1` or `Accept: text/calendar` (issue 16).
 */
@ApiTags('events')
@Controller('events')
export class EventsController {
  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly events: EventsService,
    private readonly presenter: EventBodies,
    private readonly calendar: EventCalendarPresenter,
    private readonly budget: RenderBudget,
  ) {}

  @Get()
  async list(
    @LenientInput(ListEventsParams) input: Lenient<ListEventsParams>,
    @CurrentCaller() caller: Caller,
    @ApiBase() api: string,
    @Req() req: Request,
    @Res({ passthrough: true }) res: Response,
  ) {
    res.vary('Accept');
    if (wantsCalendar(req, input.ical)) return this.feed(input, caller, req, res);
    const page = pageRequest(input, this.config.maxPerPage);
    const kept = this.presenter.keptFragments(api, takesPartInReadCache(res));
    const result = await inDeclaredOrder(ListEventsParams, () =>
      this.events.list({ ...input, page: page.page, perPage: page.perPage, invalid: input.invalid }, caller, kept ?? undefined),
    );
    assertPageExists('event', page, result.page.length);
    const pages = totalPages(result.total, page.perPage);
    setListHeaders(res, result.total, pages);
    const linkParams: LinkParam[] = [...result.applied, ...sentLinkParams(ListEventsParams, input, DATE_PARAMS)];
    const links = listLinks(`${api}/events/`, page, pages, linkParams);
    const events = this.presenter.page(result.page, result.rows, api, lockedIn(result), kept, result.whole);
    const body = await arrayBody('events', events, { ...links, total: result.total, total_pages: pages });
    if (kept) answerDataReadAt(res, kept.dataReadAt());
    return body;
  }

  @Post()
  @HttpCode(201)
  @Requires('create-record')
  async create(
    @LenientInput(CreateEventParams) input: Lenient<CreateEventParams>,
    @CurrentCaller() caller: Caller,
    @ApiBase() api: string,
    @Res({ passthrough: true }) res: Response,
  ) {
    const created = await inDeclaredOrder(CreateEventParams, () => this.events.create(readEventWrite(input), caller));
    res.setHeader('Location', `${api}/events/${created.event.id}`);
    return this.writeResponse(created, api, res);
  }

  @Get('by-slug/:slug')
  readBySlug(
    @Param('slug', SlugPipe) slug: string,
    @Input(ReadEventParams) input: Validated<ReadEventParams>,
    @CurrentCaller() caller: Caller,
    @ApiBase() api: string,
    @Req() req: Request,
    @Res({ passthrough: true }) res: Response,
  ) {
    return this.read({ slug }, input, caller, api, req, res);
  }

  @Post('by-slug/:slug')
  @HttpCode(200)
  @Requires('create-record')
  updateBySlugPost(
    @Param('slug', SlugPipe) slug: string,
    @LenientInput(UpdateEventParams) input: Lenient<UpdateEventParams>,
    @CurrentCaller() caller: Caller,
    @ApiBase() api: string,
    @Req() req: Request,
    @Res({ passthrough: true }) res: Response,
  ) {
    return this.update({ slug }, input, caller, api, req, res);
  }

  @Put('by-slug/:slug')
  @Requires('create-record')
  updateBySlugPut(
    @Param('slug', SlugPipe) slug: string,
    @LenientInput(UpdateEventParams) input: Lenient<UpdateEventParams>,
    @CurrentCaller() caller: Caller,
    @ApiBase() api: string,
    @Req() req: Request,
    @Res({ passthrough: true }) res: Response,
  ) {
    return this.update({ slug }, input, caller, api, req, res);
  }

  @Patch('by-slug/:slug')
  @Requires('create-record')
  updateBySlugPatch(
    @Param('slug', SlugPipe) slug: string,
    @LenientInput(UpdateEventParams) input: Lenient<UpdateEventParams>,
    @CurrentCaller() caller: Caller,
    @ApiBase() api: string,
    @Req() req: Request,
    @Res({ passthrough: true }) res: Response,
  ) {
    return this.update({ slug }, input, caller, api, req, res);
  }

  @Delete('by-slug/:slug')
  @Requires('create-record')
  deleteBySlug(
    @Param('slug', SlugPipe) slug: string,
    @Input(DeleteEventParams) input: Validated<DeleteEventParams>,
    @CurrentCaller() caller: Caller,
    @ApiBase() api: string,
    @Req() req: Request,
  ) {
    return this.remove({ slug }, input, caller, api, req);
  }

  @Get(':id')
  readById(
    @Param('id', RecordIdPipe) id: number,
    @Input(ReadEventParams) input: Validated<ReadEventParams>,
    @CurrentCaller() caller: Caller,
    @ApiBase() api: string,
    @Req() req: Request,
    @Res({ passthrough: true }) res: Response,
  ) {
    return this.read({ id }, input, caller, api, req, res);
  }

  @Post(':id')
  @HttpCode(200)
  @Requires('create-record')
  updateByIdPost(
    @Param('id', RecordIdPipe) id: number,
    @LenientInput(UpdateEventParams) input: Lenient<UpdateEventParams>,
    @CurrentCaller() caller: Caller,
    @ApiBase() api: string,
    @Req() req: Request,
    @Res({ passthrough: true }) res: Response,
  ) {
    return this.update({ id }, input, caller, api, req, res);
  }

  @Put(':id')
  @Requires('create-record')
  updateByIdPut(
    @Param('id', RecordIdPipe) id: number,
    @LenientInput(UpdateEventParams) input: Lenient<UpdateEventParams>,
    @CurrentCaller() caller: Caller,
    @ApiBase() api: string,
    @Req() req: Request,
    @Res({ passthrough: true }) res: Response,
  ) {
    return this.update({ id }, input, caller, api, req, res);
  }

  @Patch(':id')
  @Requires('create-record')
  updateByIdPatch(
    @Param('id', RecordIdPipe) id: number,
    @LenientInput(UpdateEventParams) input: Lenient<UpdateEventParams>,
    @CurrentCaller() caller: Caller,
    @ApiBase() api: string,
    @Req() req: Request,
    @Res({ passthrough: true }) res: Response,
  ) {
    return this.update({ id }, input, caller, api, req, res);
  }

  @Delete(':id')
  @Requires('create-record')
  deleteById(
    @Param('id', RecordIdPipe) id: number,
    @Input(DeleteEventParams) input: Validated<DeleteEventParams>,
    @CurrentCaller() caller: Caller,
    @ApiBase() api: string,
    @Req() req: Request,
  ) {
    return this.remove({ id }, input, caller, api, req);
  }

  // ------------------------------------------------------------------------------------------------------------

  /**
   * Issue 16: the list as one iCalendar feed, not paged (`page` and `per_page` are ignored): the whole filtered window
   * up to FEED_MAX_EVENTS, `X-TEC-Total` counting every match and `X-TEC-TotalPages` 1 (0 when nothing matches).
   */
  private async feed(input: Lenient<ListEventsParams>, caller: Caller, req: Request, res: Response) {
    const result = await inDeclaredOrder(ListEventsParams, () => this.events.feed({ ...input, invalid: input.invalid }, caller));
    setListHeaders(res, result.total, result.total > 0 ? 1 : 0);
    const masked = lockedIn(result);
    if (result.rows.some((e) => e.textsLeftOut !== undefined && !masked(e))) {
      // Events of long texts: the feed is made one VEVENT at a time, and streamed.
      return sendCalendarParts(req, res, await this.calendar.calendarParts(result.rows, localeOf(req), masked, result.whole, this.budget));
    }
    return sendCalendar(req, res, await this.calendar.calendar(result.rows, localeOf(req), masked));
  }

  private async read(target: EventTarget, input: Validated<ReadEventParams>, caller: Caller, api: string, req: Request, res: Response) {
    const kept = this.presenter.keptFragments(api, takesPartInReadCache(res)); // before the row is read
    if (wantsCalendar(req, input.ical)) {
      const { event } = await this.events.get(target, caller, input.password);
      res.vary('Accept');
      return sendCalendar(req, res, await this.calendar.calendar([event], localeOf(req), () => false));
    }
    // A body kept at the data version needs only the event's stamp: the whole row is read to render one.
    const keptBody = kept ? kept.single(await this.events.getStamp(target, caller, input.password)) : undefined;
    const bytes = keptBody ?? (await this.presenter.single(await this.events.get(target, caller, input.password), api, kept));
    res.vary('Accept');
    if (kept) answerDataReadAt(res, kept.dataReadAt());
    return sendBytesWithEtag(res, bytes, req.header('if-none-match'));
  }

  private async update(target: EventTarget, input: Lenient<UpdateEventParams>, caller: Caller, api: string, req: Request, res: Response) {
    const updated = await inDeclaredOrder(UpdateEventParams, () => this.events.update(target, readEventWrite(input), caller, ifMatchOf(req.header('if-match'), api)));
    return this.writeResponse(updated, api, res);
  }

  private async remove(target: EventTarget, input: Validated<DeleteEventParams>, caller: Caller, api: string, req: Request) {
    const done = await this.events.delete(target, input.force === true, caller, ifMatchOf(req.header('if-match'), api));
    return this.presenter.deleted(done.view, api);
  }

  /** The event without json_ld, with the ETag of the single GET body. */
  private async writeResponse(result: WrittenEvent, api: string, res: Response) {
    const [full, body] = await this.presenter.both(result.view, api);
    return sendWritten(res, body, full);
  }
}

