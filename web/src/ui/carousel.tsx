import { type ReactNode, useCallback, useEffect, useId, useState } from 'react';

export interface CarouselSlide {
  id: string;
  /** Spoken name of the slide, e.g. its headline. */
  label: string;
  content: ReactNode;
}

interface CarouselProps {
  label: string;
  slides: readonly CarouselSlide[];
  /** Milliseconds between automatic advances. */
  intervalMs: number;
}

/**
 * An auto-advancing carousel following the WAI-ARIA carousel pattern: previous/next buttons, one dot
 * per slide, a pause/play toggle, and rotation paused while the pointer or keyboard focus is inside.
 */
export function Carousel({ label, slides, intervalMs }: CarouselProps) {
  const [current, setCurrent] = useState(0);
  const [hovered, setHovered] = useState(false);
  const [focused, setFocused] = useState(false);
  const [stopped, setStopped] = useState(false);
  const trackId = useId();
  const count = slides.length;
  const rotating = !hovered && !focused && !stopped && count > 1;

  const go = useCallback((index: number) => setCurrent(((index % count) + count) % count), [count]);

  useEffect(() => {
    if (!rotating) return;
    const timer = setInterval(() => setCurrent((index) => (index + 1) % count), intervalMs);
    return () => clearInterval(timer);
  }, [rotating, count, intervalMs]);

  return (
    <section
      className="carousel"
      aria-roledescription="carousel"
      aria-label={label}
      onMouseEnter={() => setHovered(true)}
      onMouseLeave={() => setHovered(false)}
      onFocus={() => setFocused(true)}
      onBlur={(event) => {
        if (!event.currentTarget.contains(event.relatedTarget)) setFocused(false);
      }}
    >
      <div className="carousel__controls">
        <button
          type="button"
          className="carousel__button"
          onClick={() => setStopped((value) => !value)}
          aria-label={stopped ? 'Start slide rotation' : 'Stop slide rotation'}
        >
          <span aria-hidden="true">{stopped ? '▶' : '❚❚'}</span>
        </button>
        <button
          type="button"
          className="carousel__button"
          aria-controls={trackId}
          onClick={() => go(current - 1)}
        >
          <span aria-hidden="true">‹</span>
          <span className="visually-hidden">Previous slide</span>
        </button>
        <button
          type="button"
          className="carousel__button"
          aria-controls={trackId}
          onClick={() => go(current + 1)}
        >
          <span aria-hidden="true">›</span>
          <span className="visually-hidden">Next slide</span>
        </button>
      </div>
      <div className="carousel__track" id={trackId} aria-live={rotating ? 'off' : 'polite'}>
        {slides.map((slide, index) => (
          // biome-ignore lint/a11y/useSemanticElements: the ARIA carousel pattern names slides as groups; a fieldset is for forms.
          <div
            key={slide.id}
            className="carousel__slide"
            role="group"
            aria-roledescription="slide"
            aria-label={`${index + 1} of ${count}: ${slide.label}`}
            data-active={index === current}
            aria-hidden={index !== current}
            inert={index !== current}
          >
            {slide.content}
          </div>
        ))}
      </div>
      <div className="carousel__dots">
        {slides.map((slide, index) => (
          <button
            key={slide.id}
            type="button"
            className="carousel__dot"
            aria-label={`Show slide ${index + 1}: ${slide.label}`}
            aria-current={index === current ? 'true' : undefined}
            aria-controls={trackId}
            onClick={() => go(index)}
          />
        ))}
      </div>
    </section>
  );
}
