import { Type } from '@nestjs/common';
import { EventsModule } from './events/events.module';

/** The aggregate modules served under `{API_PREFIX}/calendar/events/v1`. Each new aggregate adds itself here. */
export const API_MODULES: Type[] = [EventsModule];
