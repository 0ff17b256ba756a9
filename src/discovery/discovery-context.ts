import type { AppConfig } from '../config/app-config';
import type { ApiRequest } from '../shared/http/api-request';
import { toSpanish } from '../shared/i18n/documentation-texts';
import type { IndexContext } from './namespace-index';

/** The index context of a request: its base address and language, the moment from the injected Clock. */
export function indexContext(req: ApiRequest, config: AppConfig, now: Date): IndexContext {
  return {
    apiBase: req.state.apiBase,
    now,
    siteZone: config.calendarTimezone,
    translate: req.state.locale === 'es' ? toSpanish : (text) => text,
  };
}

/** `{PUBLIC_URL}{API_PREFIX}/`, or its Spanish twin: the API root, the index's `up` link. */
export function apiRootUrl(req: ApiRequest, config: AppConfig): string {
  return `${config.publicUrl}${req.state.locale === 'es' ? '/es' : ''}${config.apiPrefix}/`;
}
