import { Controller, Delete, Get, HttpCode, Inject, Param, Patch, Post, Put, Req, Res } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import type { Request, Response } from 'express';
import type { AppConfig } from '../../../config/app-config';
import { OffLoopTextCleaning } from '../../../shared/text/off-loop-text-cleaning';
import { APP_CONFIG } from '../../../config/config.token';
import { Caller } from '../../../shared/domain/caller';
import { Requires } from '../../../shared/http/auth.guard';
import { pageRequest, sentLinkParams } from '../../../shared/http/list-response';
import { inDeclaredOrder, Input, Lenient, LenientInput, sentValues, Validated } from '../../../shared/http/params/input';
import { RecordIdPipe, SlugPipe } from '../../../shared/http/path-params';
import { ifMatchOf } from '../../../shared/http/etag';
import { ApiBase, CurrentCaller } from '../../../shared/http/request-context.decorators';
import { MediaService } from '../../media/application/media.service';
import { VenuesService } from '../application/venues.service';
import type { Venue } from '../domain/venue';
import { DeleteParams, VenueCreateParams, VenueWriteParams } from './dto/venue-write.params';
import { ListVenuesParams } from './dto/list-venues.params';
import { presentVenue } from './venue.presenter';
import type { RecordTarget } from '../../records/application/linked-record.service';
import { LinkedRecordResponses } from '../../records/http/linked-record-responses';

/**
 * Routes of CONTRACT §5 for venues; the same route table as organizers, declared here because each handler names the
 * venue DTOs and /doc names its operation after it. The answers come from `LinkedRecordResponses`.
 */
@ApiTags('venues')
@Controller('venues')
export class VenuesController {
  private readonly responses: LinkedRecordResponses<Venue>;

  constructor(
    private readonly venues: VenuesService,
    media: MediaService,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    texts: OffLoopTextCleaning,
  ) {
    this.responses = new LinkedRecordResponses('venue', presentVenue, media, config, texts);
  }

  @Get()
  async list(
    @Input(ListVenuesParams) input: Validated<ListVenuesParams>,
    @CurrentCaller() caller: Caller,
    @ApiBase() api: string,
    @Res({ passthrough: true }) res: Response,
  ) {
    const page = pageRequest(input, this.config.maxPerPage);
    const result = await this.venues.list({ ...input, page }, caller);
    return this.responses.page(result, page, sentLinkParams(ListVenuesParams, input), api, res);
  }

  @Get('by-slug/:slug')
  async getBySlug(@Param('slug', SlugPipe) slug: string, @CurrentCaller() caller: Caller, @Req() req: Request, @Res({ passthrough: true }) res: Response) {
    return this.responses.single(await this.venues.getBySlug(slug, caller), req, res);
  }

  @Get(':id')
  async getById(@Param('id', RecordIdPipe) id: number, @CurrentCaller() caller: Caller, @Req() req: Request, @Res({ passthrough: true }) res: Response) {
    return this.responses.single(await this.venues.getById(id, caller), req, res);
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
    const venue = await inDeclaredOrder(VenueWriteParams, () => this.venues.create(sentValues(input), caller, input.invalid));
    res.setHeader('Location', `${api}/venues/${venue.id}`);
    return this.responses.written(venue, res);
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

  private async update(target: RecordTarget, input: Lenient<VenueWriteParams>, caller: Caller, req: Request, res: Response) {
    const venue = await inDeclaredOrder(VenueWriteParams, () => this.venues.update(target, sentValues(input), caller, ifMatchOf(req.header('if-match'), this.config.publicUrl), input.invalid));
    return this.responses.written(venue, res);
  }

  private async remove(target: RecordTarget, input: Validated<DeleteParams>, caller: Caller, req: Request) {
    return this.responses.removed(await this.venues.delete(target, input.force === true, caller, ifMatchOf(req.header('if-match'), this.config.publicUrl)));
  }
}
