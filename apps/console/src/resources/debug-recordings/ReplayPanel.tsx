import Pause from '@mui/icons-material/Pause';
import PlayArrow from '@mui/icons-material/PlayArrow';
import { Alert, Box, Button, Typography } from '@mui/material';
import { useEffect, useRef, useState, type RefObject } from 'react';
import { Replayer, type eventWithTime } from 'rrweb';
import 'rrweb/dist/style.css';
import { clock } from './format';

/** rrweb's meta event (type 4) carries the recorded viewport; a later one means the customer resized the window. */
const META = 4;
/** When the recording has no meta event: a common laptop screen. */
const FALLBACK = { width: 1280, height: 800 };
/** How often the time readout follows the replay while it plays. */
const TICK_MS = 250;

function viewportOf(events: eventWithTime[]): { width: number; height: number } {
  const meta = events.find((e) => e.type === META) as
    | { data?: { width?: unknown; height?: unknown } }
    | undefined;
  const width = Number(meta?.data?.width);
  const height = Number(meta?.data?.height);
  return width > 0 && height > 0 ? { width, height } : FALLBACK;
}

/** The panel's own width, followed as the window resizes (jsdom has no ResizeObserver: then its width once). */
function useWidth(ref: RefObject<HTMLElement | null>): number {
  const [width, setWidth] = useState(0);
  useEffect(() => {
    const el = ref.current;
    if (!el) return;
    setWidth(el.clientWidth);
    if (typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(() => setWidth(el.clientWidth));
    observer.observe(el);
    return () => observer.disconnect();
  }, [ref]);
  return width;
}

/**
 * The portal as the customer saw it, replayed by rrweb in a sandboxed frame, scaled down to the panel's width. Its
 * own module, loaded lazily, so rrweb is fetched only when a debug session is opened.
 */
export default function ReplayPanel({ events }: { events: eventWithTime[] }) {
  const frame = useRef<HTMLDivElement>(null);
  const stage = useRef<HTMLDivElement>(null);
  const replayer = useRef<Replayer | null>(null);
  const [viewport, setViewport] = useState(() => viewportOf(events));
  const [playing, setPlaying] = useState(false);
  const [time, setTime] = useState({ current: 0, total: 0 });
  const [failed, setFailed] = useState<string | null>(null);
  const width = useWidth(frame);

  useEffect(() => {
    const root = stage.current;
    if (!root || events.length < 2) return;
    setViewport(viewportOf(events));
    setPlaying(false);
    setFailed(null);
    let player: Replayer;
    try {
      player = new Replayer(events, { root, skipInactive: true, showWarning: false });
    } catch (error) {
      setFailed(error instanceof Error ? error.message : String(error));
      return;
    }
    replayer.current = player;
    setTime({ current: 0, total: player.getMetaData().totalTime });
    player.on('finish', () => {
      setPlaying(false);
      setTime({ current: player.getMetaData().totalTime, total: player.getMetaData().totalTime });
    });
    player.on('resize', (size) => {
      const { width: w, height: h } = (size ?? {}) as { width?: number; height?: number };
      if (w && h) setViewport({ width: w, height: h });
    });
    return () => {
      player.destroy();
      replayer.current = null;
    };
  }, [events]);

  useEffect(() => {
    if (!playing) return;
    const timer = setInterval(() => {
      const player = replayer.current;
      if (player) setTime({ current: player.getCurrentTime(), total: player.getMetaData().totalTime });
    }, TICK_MS);
    return () => clearInterval(timer);
  }, [playing]);

  const play = () => {
    const player = replayer.current;
    if (!player) return;
    const { totalTime } = player.getMetaData();
    const at = player.getCurrentTime();
    // From where it was paused; from the start again once it has finished.
    player.play(at > 0 && at < totalTime ? at : 0);
    setPlaying(true);
  };
  const pause = () => {
    const player = replayer.current;
    if (!player) return;
    player.pause();
    setPlaying(false);
    setTime({ current: player.getCurrentTime(), total: player.getMetaData().totalTime });
  };

  const scale = width > 0 ? Math.min(1, width / viewport.width) : 1;
  return (
    <Box>
      {failed ? <Alert severity="error">This recording cannot be replayed: {failed}</Alert> : null}
      <Box
        sx={{ display: failed ? 'none' : 'flex', alignItems: 'center', gap: 1, mb: 1.5, flexWrap: 'wrap' }}
      >
        <Button variant="contained" size="small" startIcon={<PlayArrow />} onClick={play} disabled={playing}>
          Play
        </Button>
        <Button variant="outlined" size="small" startIcon={<Pause />} onClick={pause} disabled={!playing}>
          Pause
        </Button>
        <Typography variant="body2" sx={{ fontVariantNumeric: 'tabular-nums', ml: 1 }}>
          {clock(time.current)} / {clock(time.total)}
        </Typography>
        <Typography variant="caption" color="text.secondary" sx={{ ml: 'auto' }}>
          Recorded at {viewport.width} × {viewport.height}
          {scale < 1 ? `, shown at ${Math.round(scale * 100)}%` : ''}
        </Typography>
      </Box>
      <Box
        ref={frame}
        sx={{
          // Kept mounted when the replay failed, so a reloaded recording can be tried again.
          display: failed ? 'none' : 'block',
          width: '100%',
          height: viewport.height * scale,
          overflow: 'hidden',
          border: 1,
          borderColor: 'divider',
          borderRadius: 1,
          bgcolor: '#f6f8fc',
        }}
      >
        <Box
          ref={stage}
          data-testid="replay-stage"
          sx={{
            width: viewport.width,
            height: viewport.height,
            transform: `scale(${scale})`,
            transformOrigin: '0 0',
            // The replayed page is for watching: clicks in it would do nothing the customer did.
            '& iframe': { border: 0, pointerEvents: 'none' },
          }}
        />
      </Box>
    </Box>
  );
}
