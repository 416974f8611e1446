/**
 * What a page shows below its first screen can wait one frame. A signed-in `/app` used to build the
 * dashboard's figures, lists and chart in one commit; the browser then styled and laid out all of
 * it in one task. Under Lighthouse's 4× slowdown that task and React's commit were most of the
 * page's blocking time (docs/decisions/025), for rows that a phone shows two screens further down.
 */
import { startTransition, useEffect, useState } from 'react';

/**
 * False on the first render; true once the browser has painted a frame since, set as a transition
 * (React renders it in slices, the main thread free in between). A hidden tab paints no frame and
 * gets it at once.
 */
export function useAfterFirstPaint(): boolean {
  const [painted, setPainted] = useState(false);
  // Once, on mount: the state only ever turns true.
  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    // The frame's callback runs before that frame paints; the task after it, once it has painted.
    const show = () => {
      timer = setTimeout(() => startTransition(() => setPainted(true)));
    };
    const visible = document.visibilityState === 'visible' && 'requestAnimationFrame' in window;
    const frame = visible ? requestAnimationFrame(show) : undefined;
    if (!visible) show();
    return () => {
      if (frame !== undefined) cancelAnimationFrame(frame);
      clearTimeout(timer);
    };
  }, []);
  return painted;
}
