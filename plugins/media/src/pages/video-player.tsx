import { useQuery } from '@tanstack/react-query';
import { callKey, formatDateTime, VIDEO_CALLS, type VideoRecording } from '@vap/contracts';
import { useClient, useT } from '@vap/kernel';
import { Alert, Button, Skeleton } from '@vap/ui';
import { useState } from 'react';

/** The start of a recording as the player's title shows it. */
const startOf = (recording: VideoRecording) => formatDateTime(recording.started_at, { seconds: true });

/**
 * One recording in an HTML5 player: its signed, expiring URL is asked for when it opens, and the
 * browser seeks in it by range requests (the object store answers 206). A URL that no longer plays
 * (expired while the page stayed open) says so; Play asks for a new one.
 */
export function VideoPlayer({ recording, onClose }: { recording: VideoRecording; onClose: () => void }) {
  const t = useT('media');
  const video = useClient(VIDEO_CALLS);
  const input = { params: { id: recording.id } };
  const playback = useQuery({
    queryKey: callKey(VIDEO_CALLS.recording, input),
    queryFn: ({ signal }) => video.recording(input, { signal, quiet: true }),
    // A signed URL is valid for an hour at least: asked again when the recording is opened again.
    staleTime: 0,
    gcTime: 0,
  });
  const [failedUrl, setFailedUrl] = useState<string | null>(null);
  const title = t('video.playerOf', { sn: recording.sn, start: startOf(recording) });

  return (
    <div className="flex flex-col gap-2">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 className="text-base font-medium text-ink">{title}</h2>
        <Button onClick={onClose}>{t('video.close')}</Button>
      </div>
      {playback.isPending ? (
        <div role="status" aria-label={t('video.loadingRecording')}>
          <Skeleton lines={4} />
        </div>
      ) : playback.isError ? (
        <Alert tone="error">{t('video.recordingFailed', { message: playback.error.message })}</Alert>
      ) : (
        <>
          {/* Recordings have no audio and no captions. */}
          {/* biome-ignore lint/a11y/useMediaCaption: a camera's recording has no speech to caption */}
          <video
            key={playback.data.url}
            aria-label={title}
            className="aspect-video w-full max-w-3xl rounded bg-black"
            controls
            preload="metadata"
            src={playback.data.url}
            onError={() => setFailedUrl(playback.data.url)}
          />
          {failedUrl === playback.data.url ? <Alert tone="error">{t('video.playbackFailed')}</Alert> : null}
        </>
      )}
    </div>
  );
}
