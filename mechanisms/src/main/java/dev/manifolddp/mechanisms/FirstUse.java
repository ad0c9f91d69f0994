package dev.manifolddp.mechanisms;

import java.util.concurrent.atomic.AtomicReference;
import java.util.function.Supplier;

/**
 * A sampler built while calibrating, handed to the first release under the calibration; later releases (possibly on
 * other threads: a calibration may be shared) build their own, since samplers keep scratch state and are not
 * thread-safe. Saves the calibrate-then-release path from building the sampler twice.
 *
 * @param <T> the sampler's type
 */
final class FirstUse<T> {

    private final AtomicReference<T> first;
    private final Supplier<T> fresh;

    FirstUse(T first, Supplier<T> fresh) {
        this.first = new AtomicReference<>(first);
        this.fresh = fresh;
    }

    /** The calibration's instance on the first call, a fresh one on every later call. */
    T take() {
        T instance = first.getAndSet(null);
        return instance != null ? instance : fresh.get();
    }
}
