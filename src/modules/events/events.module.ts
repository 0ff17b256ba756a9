import { Module } from '@nestjs/common';
import { EventsController } from './http/events.controller';

@Module({ controllers: [EventsController] })
export class EventsModule {}
