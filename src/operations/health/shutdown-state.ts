/** Whether graceful shutdown has begun (CONTRACT §13.7): readiness answers 503 `shutting_down` from that moment. */
export class ShutdownState {
  private began = false;

  get shuttingDown(): boolean {
    return this.began;
  }

  begin(): void {
    this.began = true;
  }
}
