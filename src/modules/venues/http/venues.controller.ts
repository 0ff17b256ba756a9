import { Controller, Delete, Get, HttpCode, Inject, Param, Patch, Post, Put, Req, Res } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import type { Request, Response } from 'express';
import type { AppConfig } from '../../../config/app-config';
import { APP_CONFIG } from '../../../config/config.token';
import { Caller } from '../../../shared/domain/caller';
import { Requires } from '../../../shared/http/auth.guard';
import { etagOf, ifMatchHits, ifNoneMatchHits } from '../../../shared/http/etag';
import { assertPageExists, listLinks, pageRequest, sentLinkParams, setListHeaders, totalPages } from '../../../shared/http/list-response';
import { inDeclaredOrder, Input, Lenient, LenientInput, Validated } from '../../../shared/http/params/input';
import { RecordIdPipe, SlugPipe } from '../../../shared/http/path-params';
import { ApiBase, CurrentCaller } from '../../../shared/http/request-context.decorators';
import { toZone } from '../../events/domain/date-input';
import { MediaService } from '../../media/application/media.service';
import { VenuesService } from '../application/venues.service';
import type { Venue } from '../domain/venue';
import { DeleteParams, VenueCreateParams, VenueWriteParams } from './dto/venue-write.params';
import { ListVenuesParams } from './dto/list-venues.params';
import { PresentContext, presentVenue } from './venue.presenter';

type Target = { id?: number; slug?: string };

@ApiTags('venues')
@Controller('venues')
export class VenuesController {
  constructor(
    private readonly venues: VenuesService,
    private readonly media: MediaService,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  @Get()
  async list(
    @Input(ListVenuesParams) input: Validated<ListVenuesParams>,
    @CurrentCaller() caller: Caller,
    @ApiBase() api: string,
    @Res({ passthrough: true }) res: Response,
  ) {
    const page = pageRequest(input, this.config.maxPerPage);
    const result = await this.venues.list({ ...input, page }, caller);
    assertPageExists('venue', page, result.items.length);
    const pages = totalPages(result.total, page.perPage);
    setListHeaders(res, result.total, pages);
    const ctx = await this.context(result.items);
    const links = listLinks(`${api}/venues/`, page, pages, sentLinkParams(ListVenuesParams, input));
    return { venues: result.items.map((v) => presentVenue(v, ctx, { withJsonLd: false })), ...links, total: result.total, total_pages: pages };
  }

  @Get('by-slug/:slug')
  async getBySlug(@Param('slug', SlugPipe) slug: string, @CurrentCaller() caller: Caller, @Req() req: Request, @Res({ passthrough: true }) res: Response) {
    return this.single(await this.venues.getBySlug(slug, caller), req, res);
  }

  @Get(':id')
  async getById(@Param('id', RecordIdPipe) id: number, @CurrentCaller() caller: Caller, @Req() req: Request, @Res({ passthrough: true }) res: Response) {
    return this.single(await this.venues.getById(id, caller), req, res);
  }

  @Post()
  @HttpCode(201)
  @Requires('create-record')
  async create(
    @LenientInput(VenueCreateParams) input: Lenient<VenueWriteParams>,
    @CurrentCaller() caller: Caller,
    @ApiBase() api: string,
    @Res({ passthrough: true }) res: Response,
  ) {
    const venue = await inDeclaredOrder(VenueWriteParams, () => this.venues.create(this.writeInput(input), caller, input.invalid));
    res.setHeader('Location', `${api}/venues/${venue.id}`);
    return this.written(venue, res);
  }

  @Post('by-slug/:slug')
  @HttpCode(200)
  @Requires('create-record')
  updateBySlugPost(@Param('slug', SlugPipe) slug: string, @LenientInput(VenueWriteParams) input: Lenient<VenueWriteParams>, @CurrentCaller() caller: Caller, @Req() req: Request, @Res({ passthrough: true }) res: Response) {
    return this.update({ slug }, input, caller, req, res);
  }

  @Put('by-slug/:slug')
  @HttpCode(200)
  @Requires('create-record')
  updateBySlugPut(@Param('slug', SlugPipe) slug: string, @LenientInput(VenueWriteParams) input: Lenient<VenueWriteParams>, @CurrentCaller() caller: Caller, @Req() req: Request, @Res({ passthrough: true }) res: Response) {
    return this.update({ slug }, input, caller, req, res);
  }

  @Patch('by-slug/:slug')
  @HttpCode(200)
  @Requires('create-record')
  updateBySlugPatch(@Param('slug', SlugPipe) slug: string, @LenientInput(VenueWriteParams) input: Lenient<VenueWriteParams>, @CurrentCaller() caller: Caller, @Req() req: Request, @Res({ passthrough: true }) res: Response) {
    return this.update({ slug }, input, caller, req, res);
  }

  @Post(':id')
  @HttpCode(200)
  @Requires('create-record')
  updateByIdPost(@Param('id', RecordIdPipe) id: number, @LenientInput(VenueWriteParams) input: Lenient<VenueWriteParams>, @CurrentCaller() caller: Caller, @Req() req: Request, @Res({ passthrough: true }) res: Response) {
    return this.update({ id }, input, caller, req, res);
  }

  @Put(':id')
  @HttpCode(200)
  @Requires('create-record')
  updateByIdPut(@Param('id', RecordIdPipe) id: number, @LenientInput(VenueWriteParams) input: Lenient<VenueWriteParams>, @CurrentCaller() caller: Caller, @Req() req: Request, @Res({ passthrough: true }) res: Response) {
    return this.update({ id }, input, caller, req, res);
  }

  @Patch(':id')
  @HttpCode(200)
  @Requires('create-record')
  updateByIdPatch(@Param('id', RecordIdPipe) id: number, @LenientInput(VenueWriteParams) input: Lenient<VenueWriteParams>, @CurrentCaller() caller: Caller, @Req() req: Request, @Res({ passthrough: true }) res: Response) {
    return this.update({ id }, input, caller, req, res);
  }

  @Delete('by-slug/:slug')
  @Requires('create-record')
  deleteBySlug(@Param('slug', SlugPipe) slug: string, @Input(DeleteParams) input: Validated<DeleteParams>, @CurrentCaller() caller: Caller, @Req() req: Request) {
    return this.remove({ slug }, input, caller, req);
  }

  @Delete(':id')
  @Requires('create-record')
  deleteById(@Param('id', RecordIdPipe) id: number, @Input(DeleteParams) input: Validated<DeleteParams>, @CurrentCaller() caller: Caller, @Req() req: Request) {
    return this.remove({ id }, input, caller, req);
  }

  // ---------------------------------------------------------------- helpers

  private async update(target: Target, input: Lenient<VenueWriteParams>, caller: Caller, req: Request, res: Response) {
    const precondition = await this.precondition(req);
    const venue = await inDeclaredOrder(VenueWriteParams, () =>
      this.venues.update(target, this.writeInput(input), caller, precondition, input.invalid),
    );
    return this.written(venue, res);
  }

  private async remove(target: Target, input: Validated<DeleteParams>, caller: Caller, req: Request) {
    const precondition = await this.precondition(req);
    const venue = await this.venues.delete(target, input.force === true, caller, precondition);
    const ctx = await this.context([venue]);
    return presentVenue(venue, ctx, { withJsonLd: false });
  }

  /** If-Match → a check of the current record's tag (computed as a single GET would show it). */
  private async precondition(req: Request) {
    const header = req.headers['if-match'];
    if (header === undefined) return undefined;
    const value = Array.isArray(header) ? header.join(',') : header;
    return async (current: Venue) =>
      ifMatchHits(value, etagOf(presentVenue(current, await this.context([current]), { withJsonLd: true })));
  }

  private async single(venue: Venue, req: Request, res: Response) {
    const body = presentVenue(venue, await this.context([venue]), { withJsonLd: true });
    const tag = etagOf(body);
    res.setHeader('ETag', tag);
    if (ifNoneMatchHits(req.headers['if-none-match'], tag)) {
      res.status(304);
      return undefined;
    }
    return body;
  }

  private async written(venue: Venue, res: Response) {
    const ctx = await this.context([venue]);
    res.setHeader('ETag', etagOf(presentVenue(venue, ctx, { withJsonLd: true })));
    return presentVenue(venue, ctx, { withJsonLd: false });
  }

  private async context(venues: Venue[]): Promise<PresentContext> {
    const images = await this.media.findByIds(venues.map((v) => v.imageId).filter((id): id is number => id !== null));
    const zone = this.config.calendarTimezone;
    return { publicUrl: this.config.publicUrl, toSite: (utc) => toZone(utc, zone), images };
  }

  private writeInput(input: Validated<VenueWriteParams>) {
    const out: Record<string, unknown> = {};
    for (const name of input.sent) out[name] = (input as unknown as Record<string, unknown>)[name];
    return out;
  }
}
