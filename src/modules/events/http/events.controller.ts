import { Controller, Get, Inject, Res } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import type { Response } from 'express';
import type { AppConfig } from '../../../config/app-config';
import { APP_CONFIG } from '../../../config/config.token';
import { ApiBase } from '../../../shared/http/request-context.decorators';
import { Input, Validated } from '../../../shared/http/params/input';
import { listLinks, pageRequest, setListHeaders, totalPages } from '../../../shared/http/list-response';
import { ListEventsParams } from './dto/list-events.params';

/** Placeholder list until the events issue lands: the envelope, paging and headers of CONTRACT §7 over no events. */
@ApiTags('events')
@Controller('events')
export class EventsController {
  constructor(@Inject(APP_CONFIG) private readonly config: AppConfig) {}

  @Get()
  list(@Input(ListEventsParams) input: Validated<ListEventsParams>, @ApiBase() api: string, @Res({ passthrough: true }) res: Response) {
    const page = pageRequest(input, this.config.maxPerPage);
    const total = 0;
    const pages = totalPages(total, page.perPage);
    setListHeaders(res, total, pages);
    const links = listLinks(`${api}/events/`, page, pages, []);
    return { events: [], ...links, total, total_pages: pages };
  }
}
