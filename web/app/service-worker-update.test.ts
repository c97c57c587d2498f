import { describe, expect, it, vi } from 'vitest';
import { UPDATE_CHECK_INTERVAL_MS, keepServiceWorkerUpToDate } from './service-worker-update';

function setUp(options: { waiting: boolean; controlled?: boolean }) {
  let listener: (location: { key: string }) => void = () => undefined;
  const posted: unknown[] = [];
  const container = new EventTarget() as EventTarget & { controller: unknown };
  container.controller = options.controlled === false ? null : {};
  const registration = {
    waiting: options.waiting ? { postMessage: (message: unknown) => posted.push(message) } : null,
    update: vi.fn(() => Promise.resolve()),
  };
  let time = 0;
  const reload = vi.fn();
  keepServiceWorkerUpToDate({
    registration: registration as unknown as ServiceWorkerRegistration,
    container: container as unknown as ServiceWorkerContainer,
    navigations: { subscribe: (fn) => ((listener = fn), () => undefined) },
    reload,
    now: () => time,
  });
  const go = (key: string) => {
    listener({ key });
  };
  return { go, posted, registration, container, reload, advance: (ms: number) => (time += ms) };
}

describe('keepServiceWorkerUpToDate', () => {
  it('lets a waiting new build take over at the next route change, then reloads into it once', () => {
    const sw = setUp({ waiting: true });
    sw.go('first');
    expect(sw.posted).toEqual([]);
    sw.go('second');
    expect(sw.posted).toEqual([{ type: 'SKIP_WAITING' }]);
    sw.container.dispatchEvent(new Event('controllerchange'));
    sw.container.dispatchEvent(new Event('controllerchange'));
    expect(sw.reload).toHaveBeenCalledTimes(1);
  });

  it('checks for a new build on navigation, at most once a minute', () => {
    const sw = setUp({ waiting: false });
    sw.go('a');
    sw.advance(UPDATE_CHECK_INTERVAL_MS);
    sw.go('b');
    sw.go('c');
    expect(sw.registration.update).toHaveBeenCalledTimes(1);
    sw.advance(UPDATE_CHECK_INTERVAL_MS);
    sw.go('d');
    expect(sw.registration.update).toHaveBeenCalledTimes(2);
  });

  it('does not reload a page on the very first install (no worker controlled it before)', () => {
    const sw = setUp({ waiting: false, controlled: false });
    sw.container.dispatchEvent(new Event('controllerchange'));
    expect(sw.reload).not.toHaveBeenCalled();
  });
});
