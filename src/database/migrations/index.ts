import { Core1764000000000 } from './1764000000000-core';
import { Events1764000001000 } from './1764000001000-events';

/** Every migration, in order. Each aggregate adds its own file here (append; never edit a landed migration). */
export const MIGRATIONS: Function[] = [Core1764000000000, Events1764000001000];
