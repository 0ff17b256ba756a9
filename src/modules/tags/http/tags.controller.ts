import { Controller, Delete, Get, Headers, HttpCode, Inject, Param, Patch, Post, Put, Res } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import type { Response } from 'express';
import type { AppConfig } from '../../../config/app-config';
import { APP_CONFIG } from '../../../config/config.token';
import { Requires } from '../../../shared/http/auth.guard';
import { listLinks, pageRequest, sentLinkParams, setListHeaders, totalPages } from '../../../shared/http/list-response';
import { Input, Validated } from '../../../shared/http/params/input';
import { RecordIdPipe } from '../../../shared/http/path-params';
import { ApiBase, CurrentCaller } from '../../../shared/http/request-context.decorators';
import type { Caller } from '../../../shared/domain/caller';
import { CountedTerm } from '../../terms/domain/term';
import { ifMatchOf, sendWithEtag, sendWritten } from '../../../shared/http/etag';
import { presentStandaloneTag } from '../../terms/http/term.presenter';
import { TagInput, TagsService } from '../application/tags.service';
import { notHierarchical } from '../domain/tag-rules';
import { CreateTagParams, ListTagsParams, UpdateTagParams } from './dto/tag.params';

/**
 * `/tags` routes (CONTRACT §5, §11): flat terms. The route table mirrors `/categories` but stays declared here: each
 * handler names the tag DTOs and permission, and tags refuse `parent`.
 */
@ApiTags('tags')
@Controller('tags')
export class TagsController {
  constructor(
    private readonly tags: TagsService,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  private present(term: CountedTerm, api: string) {
    return presentStandaloneTag(term, api, this.config.publicUrl);
  }

  @Get()
  async list(
    @Input(ListTagsParams) input: Validated<ListTagsParams>,
    @CurrentCaller() caller: Caller,
    @ApiBase() api: string,
    @Res({ passthrough: true }) res: Response,
  ) {
    const page = pageRequest(input, this.config.maxPerPage);
    const { items, total } = await this.tags.list({
      page,
      search: input.search,
      include: input.include,
      exclude: input.exclude,
      order: input.order,
      orderby: input.orderby,
      hideEmpty: input.hide_empty,
      post: input.post,
      event: input.event,
      slug: input.slug,
    }, caller);
    const pages = totalPages(total, page.perPage);
    setListHeaders(res, total, pages);
    const { rest_url, ...links } = listLinks(`${api}/tags/`, page, pages, sentLinkParams(ListTagsParams, input));
    return { rest_url, total, total_pages: pages, tags: items.map((t) => this.present(t, api)), ...links };
  }

  @Post()
  @HttpCode(201)
  @Requires('manage-tags')
  async create(@Input(CreateTagParams) input: Validated<CreateTagParams>, @ApiBase() api: string, @Res({ passthrough: true }) res: Response) {
    const term = await this.tags.create(changes(input) as TagInput & { name: string });
    res.setHeader('Location', `${api}/tags/${term.id}`);
    return sendWritten(res, this.present(term, api));
  }

  @Get(':id')
  async read(
    @Param('id', RecordIdPipe) id: number,
    @ApiBase() api: string,
    @Headers('if-none-match') ifNoneMatch: string | undefined,
    @Res({ passthrough: true }) res: Response,
  ) {
    return sendWithEtag(res, this.present(await this.tags.get(id), api), ifNoneMatch);
  }

  @Post(':id')
  @HttpCode(200)
  @Requires('manage-tags')
  updateByPost(
    @Param('id', RecordIdPipe) id: number,
    @Input(UpdateTagParams) input: Validated<UpdateTagParams>,
    @ApiBase() api: string,
    @Headers('if-match') ifMatch: string | undefined,
    @Res({ passthrough: true }) res: Response,
  ) {
    return this.update(id, input, api, ifMatch, res);
  }

  @Put(':id')
  @Requires('manage-tags')
  updateByPut(
    @Param('id', RecordIdPipe) id: number,
    @Input(UpdateTagParams) input: Validated<UpdateTagParams>,
    @ApiBase() api: string,
    @Headers('if-match') ifMatch: string | undefined,
    @Res({ passthrough: true }) res: Response,
  ) {
    return this.update(id, input, api, ifMatch, res);
  }

  @Patch(':id')
  @Requires('manage-tags')
  updateByPatch(
    @Param('id', RecordIdPipe) id: number,
    @Input(UpdateTagParams) input: Validated<UpdateTagParams>,
    @ApiBase() api: string,
    @Headers('if-match') ifMatch: string | undefined,
    @Res({ passthrough: true }) res: Response,
  ) {
    return this.update(id, input, api, ifMatch, res);
  }

  /** POST, PUT and PATCH are the same partial update (CONTRACT §5). */
  private async update(id: number, input: Validated<UpdateTagParams>, api: string, ifMatch: string | undefined, res: Response) {
    const term = await this.tags.update(id, changes(input), ifMatchOf(ifMatch, api));
    return sendWritten(res, this.present(term, api));
  }

  @Delete(':id')
  @Requires('manage-tags')
  async remove(@Param('id', RecordIdPipe) id: number, @ApiBase() api: string, @Headers('if-match') ifMatch: string | undefined) {
    const term = await this.tags.delete(id, ifMatchOf(ifMatch, api));
    return this.present(term, api);
  }
}

/** Only the fields the client sent (partial updates); `parent` is refused (tags are flat). */
function changes(input: Validated<CreateTagParams | UpdateTagParams>): TagInput {
  if (input.sent.has('parent')) throw notHierarchical();
  const out: TagInput = {};
  if (input.sent.has('name')) out.name = input.name;
  if (input.sent.has('description')) out.description = input.description ?? null;
  if (input.sent.has('slug')) out.slug = input.slug;
  return out;
}
