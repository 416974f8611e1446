/**
 * A replica's life: it is `starting` until its database is migrated and it listens, `ready` while
 * it serves, and `draining` from SIGTERM on (`/api/ready` then answers 503 so a load balancer
 * that polls it sends no more). Background work (timers, and the notification dispatchers when
 * they exist) registers here and is stopped in the order it was added, after the last request.
 */
export type LifecycleState = 'starting' | 'ready' | 'draining';

export interface Lifecycle {
  state(): LifecycleState;
}

export interface BackgroundWork {
  name: string;
  /** Stops the work; resolves once nothing of it runs any more. */
  stop(): void | Promise<void>;
}

export class ProcessLifecycle implements Lifecycle {
  private current: LifecycleState = 'starting';
  private readonly work: BackgroundWork[] = [];

  state(): LifecycleState {
    return this.current;
  }

  ready(): void {
    if (this.current === 'starting') this.current = 'ready';
  }

  drain(): void {
    this.current = 'draining';
  }

  /** Adds work that runs beside the requests; it is stopped at shutdown, in this order. */
  addBackgroundWork(work: BackgroundWork): void {
    this.work.push(work);
  }

  /** Stops every background work in order; a failure is reported and the next one still stops. */
  async stopBackgroundWork(report: (name: string, error: unknown) => void): Promise<void> {
    for (const work of this.work.splice(0)) {
      try {
        await work.stop();
      } catch (error) {
        report(work.name, error);
      }
    }
  }
}
