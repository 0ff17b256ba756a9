import { Injectable } from '@nestjs/common';
import { Caller } from '../../../shared/domain/caller';
import { Clock } from '../../../shared/domain/clock';
import { invalidParam } from '../../../shared/domain/errors';
import { Policy } from '../../../shared/domain/policy';
import { RecordIds } from '../../../shared/domain/record-ids';
import { utcWallClock } from '../../../shared/domain/wall-clock';
import { classifyImageInput, ImageWire, MediaItem, presentImage, urlHashOf } from '../domain/media-item';
import { MediaRepository } from '../domain/media.repository';

/** A checked `image` value, ready to be applied inside the caller's transaction (no writes happened yet). */
export type ImagePlan =
  | { kind: 'set'; mediaId: number | null }
  | { kind: 'url'; url: string; urlHash: string; extension: string; existingId: number | null };

/**
 * Media items (§9.8). Two steps so that a failing request writes nothing:
 * `checkImageInput` validates (reads only) and `applyImagePlan` writes (call it inside `uow.run`).
 * `resolveImageInput` does both (call it inside `uow.run`, before any other write of the request).
 */
@Injectable()
export class MediaService {
  constructor(
    private readonly repo: MediaRepository,
    private readonly ids: RecordIds,
    private readonly clock: Clock,
  ) {}

  /** undefined = leave the image unchanged. Throws 400 rest_invalid_param for an unusable value. */
  async checkImageInput(value: unknown, caller: Caller, param = 'image'): Promise<ImagePlan | undefined> {
    const request = classifyImageInput(value);
    switch (request.kind) {
      case 'unchanged':
        return undefined;
      case 'remove':
        return { kind: 'set', mediaId: null };
      case 'id':
        if ((await this.ids.kindOf(request.id)) !== 'media') throw invalidParam(param, 'rest_invalid_image', { param });
        return { kind: 'set', mediaId: request.id };
      case 'url': {
        if (!Policy.mayAddImageFromUrl(caller)) throw invalidParam(param, 'rest_image_role', { param });
        const urlHash = urlHashOf(request.url);
        const existing = await this.repo.findByUrlHash(urlHash);
        return { kind: 'url', url: request.url, urlHash, extension: request.extension, existingId: existing?.id ?? null };
      }
      default:
        throw invalidParam(param, 'rest_invalid_image', { param });
    }
  }

  /** Writes what the plan needs (a new media item for a new URL). Call inside `uow.run`. */
  async applyImagePlan(plan: ImagePlan, caller: Caller): Promise<{ mediaId: number | null }> {
    if (plan.kind === 'set') return { mediaId: plan.mediaId };
    const again = await this.repo.findByUrlHash(plan.urlHash);
    if (again) return { mediaId: again.id };
    const id = await this.ids.next('media');
    await this.repo.insert({
      id,
      url: plan.url,
      urlHash: plan.urlHash,
      extension: plan.extension,
      authorId: caller.userId ?? 0,
      createdUtc: utcWallClock(this.clock.now()),
    });
    return { mediaId: id };
  }

  /** Check + apply. Only writes inside the caller's `uow.run`. */
  async resolveImageInput(value: unknown, caller: Caller, param = 'image'): Promise<{ mediaId: number | null } | undefined> {
    const plan = await this.checkImageInput(value, caller, param);
    if (plan === undefined) return undefined;
    return this.applyImagePlan(plan, caller);
  }

  /** Batched read for presenters. */
  async findByIds(ids: number[]): Promise<Map<number, ImageWire>> {
    const unique = [...new Set(ids.filter((id) => Number.isSafeInteger(id) && id > 0))];
    const map = new Map<number, ImageWire>();
    if (unique.length === 0) return map;
    for (const item of await this.repo.findByIds(unique)) map.set(item.id, presentImage(item) as ImageWire);
    return map;
  }

  presentImage(media: ImageWire | MediaItem | undefined | null): ImageWire | false {
    return presentImage(media);
  }
}


