import { Controller, Get, Inject, Req, Res } from '@nestjs/common';
import { ApiExcludeController } from '@nestjs/swagger';
import type { Request, Response } from 'express';
import { IgnoresAuthentication } from '../../shared/http/auth.guard';
import { rootOnly } from '../health/health.controller';
import { MetricsSource } from './metrics-source';

/** `GET /metrics` in Prometheus text (CONTRACT §13.2). Registered only when METRICS_ENABLED; otherwise 404. */
@ApiExcludeController()
@IgnoresAuthentication()
@Controller('metrics')
export class MetricsController {
  constructor(@Inject(MetricsSource) private readonly source: MetricsSource) {}

  @Get()
  async metrics(@Req() req: Request, @Res() res: Response): Promise<void> {
    rootOnly(req);
    const { contentType, text } = await this.source.read();
    res.status(200);
    res.setHeader('Content-Type', contentType);
    res.setHeader('Content-Length', Buffer.byteLength(text));
    if (req.method === 'HEAD') res.end();
    else res.end(text);
  }
}
