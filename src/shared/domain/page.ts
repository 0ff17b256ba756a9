/** A page request after validation and clamping (CONTRACT §7.2). */
export interface PageRequest {
  page: number;
  perPage: number;
}

export interface Page<T> {
  items: T[];
  total: number;
}

export const offsetOf = (p: PageRequest) => (p.page - 1) * p.perPage;
export const totalPages = (total: number, perPage: number) => (total === 0 ? 0 : Math.ceil(total / perPage));
