import type { ServerResponse } from 'node:http';
import type { INestApplication } from '@nestjs/common';
import type { Express } from 'express';

/**
 * The prototype Express gives every response of `app` (`app.response`). Behaviour every response needs is installed
 * there once: a function assigned to each response instead cost a cached read 15–18 % of its CPU (issue 18,
 * BENCHMARKS.md twelfth session).
 */
export const responsePrototypeOf = (app: INestApplication): ServerResponse => (app.getHttpAdapter().getInstance() as Express).response;
