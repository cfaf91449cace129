import { flakes, isSnowSeason } from './snow.ts';
import './snow.css';

const FLAKES = flakes(36);

/** Renders nothing outside December; `date` is injectable for tests. */
export function SnowDecoration({ date = new Date() }: { date?: Date }) {
  if (!isSnowSeason(date)) return null;
  return (
    <div className="snow" aria-hidden="true" data-testid="snow">
      {FLAKES.map((f, i) => (
        <span
          key={i}
          className="snow-flake"
          style={{ left: `${f.left}%`, fontSize: `${f.size}rem`, animationDuration: `${f.durationS}s`, animationDelay: `${f.delayS}s` }}
        >
          ❄
        </span>
      ))}
    </div>
  );
}
