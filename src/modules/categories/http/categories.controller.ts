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
import { ifMatchOf, sendWithEtag, sendWritten } from '../../../shared/http/etag';
import { presentStandaloneCategory } from '../../terms/http/term.presenter';
import { CategoriesService, CategoryInput, CategoryView } from '../application/categories.service';
import { CreateCategoryParams, ListCategoriesParams, UpdateCategoryParams } from './dto/category.params';

/**
 * `/categories` routes (CONTRACT §5, §11): hierarchical terms. The route table mirrors `/tags` but stays declared here:
 * each handler names the category DTOs and permission.
 */
@ApiTags('categories')
@Controller('categories')
export class CategoriesController {
  constructor(
    private readonly categories: CategoriesService,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  private present(view: CategoryView, api: string) {
    return presentStandaloneCategory(view.term, api, this.config.publicUrl, view.ancestorSlugs);
  }

  @Get()
  async list(
    @Input(ListCategoriesParams) input: Validated<ListCategoriesParams>,
    @CurrentCaller() caller: Caller,
    @ApiBase() api: string,
    @Res({ passthrough: true }) res: Response,
  ) {
    const page = pageRequest(input, this.config.maxPerPage);
    const { items, total } = await this.categories.list({
      page,
      search: input.search,
      include: input.include,
      exclude: input.exclude,
      order: input.order,
      orderby: input.orderby,
      hideEmpty: input.hide_empty,
      parent: input.parent,
      post: input.post,
      event: input.event,
      slug: input.slug,
    }, caller);
    const pages = totalPages(total, page.perPage);
    setListHeaders(res, total, pages);
    const { rest_url, ...links } = listLinks(`${api}/categories/`, page, pages, sentLinkParams(ListCategoriesParams, input));
    return { rest_url, total, total_pages: pages, categories: items.map((v) => this.present(v, api)), ...links };
  }

  @Post()
  @HttpCode(201)
  @Requires('manage-categories')
  async create(
    @Input(CreateCategoryParams) input: Validated<CreateCategoryParams>,
    @ApiBase() api: string,
    @Res({ passthrough: true }) res: Response,
  ) {
    const view = await this.categories.create(changes(input) as CategoryInput & { name: string });
    res.setHeader('Location', `${api}/categories/${view.term.id}`);
    return sendWritten(res, this.present(view, api));
  }

  @Get(':id')
  async read(
    @Param('id', RecordIdPipe) id: number,
    @ApiBase() api: string,
    @Headers('if-none-match') ifNoneMatch: string | undefined,
    @Res({ passthrough: true }) res: Response,
  ) {
    return sendWithEtag(res, this.present(await this.categories.get(id), api), ifNoneMatch);
  }

  @Post(':id')
  @HttpCode(200)
  @Requires('manage-categories')
  updateByPost(
    @Param('id', RecordIdPipe) id: number,
    @Input(UpdateCategoryParams) input: Validated<UpdateCategoryParams>,
    @ApiBase() api: string,
    @Headers('if-match') ifMatch: string | undefined,
    @Res({ passthrough: true }) res: Response,
  ) {
    return this.update(id, input, api, ifMatch, res);
  }

  @Put(':id')
  @Requires('manage-categories')
  updateByPut(
    @Param('id', RecordIdPipe) id: number,
    @Input(UpdateCategoryParams) input: Validated<UpdateCategoryParams>,
    @ApiBase() api: string,
    @Headers('if-match') ifMatch: string | undefined,
    @Res({ passthrough: true }) res: Response,
  ) {
    return this.update(id, input, api, ifMatch, res);
  }

  @Patch(':id')
  @Requires('manage-categories')
  updateByPatch(
    @Param('id', RecordIdPipe) id: number,
    @Input(UpdateCategoryParams) input: Validated<UpdateCategoryParams>,
    @ApiBase() api: string,
    @Headers('if-match') ifMatch: string | undefined,
    @Res({ passthrough: true }) res: Response,
  ) {
    return this.update(id, input, api, ifMatch, res);
  }

  /** POST, PUT and PATCH are the same partial update (CONTRACT §5). */
  private async update(
    id: number,
    input: Validated<UpdateCategoryParams>,
    api: string,
    ifMatch: string | undefined,
    res: Response,
  ) {
    const view = await this.categories.update(id, changes(input), ifMatchOf(ifMatch, api));
    return sendWritten(res, this.present(view, api));
  }

  @Delete(':id')
  @Requires('manage-categories')
  async remove(
    @Param('id', RecordIdPipe) id: number,
    @ApiBase() api: string,
    @Headers('if-match') ifMatch: string | undefined,
  ) {
    const view = await this.categories.delete(id, ifMatchOf(ifMatch, api));
    return this.present(view, api);
  }
}

/** Only the fields the client sent (partial updates). */
function changes(input: Validated<CreateCategoryParams | UpdateCategoryParams>): CategoryInput {
  const out: CategoryInput = {};
  if (input.sent.has('name')) out.name = input.name;
  if (input.sent.has('description')) out.description = input.description ?? null;
  if (input.sent.has('slug')) out.slug = input.slug;
  if (input.sent.has('parent')) out.parent = input.parent;
  return out;
}
