import { fireEvent } from '@testing-library/react';
import { whenNear } from './deferred-part';

/** A stand-in IntersectionObserver whose targets the test brings into view. */
class FakeObserver {
  static last: FakeObserver | undefined;
  targets: Element[] = [];
  constructor(private readonly callback: IntersectionObserverCallback) {
    FakeObserver.last = this;
  }
  observe(target: Element) {
    this.targets.push(target);
  }
  disconnect() {
    this.targets = [];
  }
  comeNear() {
    this.callback(this.targets.map((target) => ({ target, isIntersecting: true }) as IntersectionObserverEntry), this as never);
  }
}

describe('a deferred part', () => {
  beforeEach(() => vi.stubGlobal('IntersectionObserver', FakeObserver));
  afterEach(() => vi.unstubAllGlobals());

  it('loads once when it comes near the screen, not before', () => {
    const run = vi.fn();
    whenNear(document.body, run);
    expect(run).not.toHaveBeenCalled();
    FakeObserver.last!.comeNear();
    FakeObserver.last!.comeNear();
    expect(run).toHaveBeenCalledTimes(1);
  });

  it("loads at the shopper's first tap or key, and only once", () => {
    const run = vi.fn();
    whenNear(document.body, run);
    fireEvent.keyDown(document.body, { key: 'Tab' });
    fireEvent.pointerDown(document.body);
    expect(run).toHaveBeenCalledTimes(1);
  });

  it('waits to be shown, not for a tap, when told (the desktop menus on a phone)', () => {
    const run = vi.fn();
    whenNear(document.body, run, false);
    fireEvent.pointerDown(document.body);
    expect(run).not.toHaveBeenCalled();
    FakeObserver.last!.comeNear();
    expect(run).toHaveBeenCalledTimes(1);
  });

  it('loads at once without IntersectionObserver', () => {
    vi.stubGlobal('IntersectionObserver', undefined);
    const run = vi.fn();
    whenNear(document.body, run);
    expect(run).toHaveBeenCalledTimes(1);
  });
});
