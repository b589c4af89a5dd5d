import { Upload, type UploadRequestContext } from '@vap/ui';
import { Demo, Section } from './demo.js';
import { delay } from './devices.js';
import { text } from './gallery-text.js';

const t = text.upload;

/** Files that already failed once: fail.png fails on its first attempt only, so Retry succeeds. */
const failedOnce = new WeakSet<File>();

/** A fake upload: progress in steps on a timer, about two seconds per file. */
export async function fakeUpload(file: File, { onProgress, signal }: UploadRequestContext) {
  const fails = file.name.toLowerCase() === 'fail.png' && !failedOnce.has(file);
  for (let step = 1; step <= 10; step++) {
    await delay(150 + Math.random() * 100, signal);
    if (fails && step === 6) {
      failedOnce.add(file);
      throw new Error(t.failure);
    }
    onProgress(step / 10);
  }
  return { url: `https://files.example.com/${encodeURIComponent(file.name)}` };
}

export function UploadSection() {
  return (
    <Section id="upload">
      <p className="text-sm text-ink-soft">{t.intro}</p>
      <div className="grid grid-cols-1 gap-6 lg:grid-cols-2">
        <Demo title={t.multiple}>
          <Upload
            className="w-full"
            multiple
            maxCount={5}
            upload={fakeUpload}
            rules={{ accept: ['image/*', '.pdf'], maxBytes: 5 * 1024 * 1024 }}
          />
        </Demo>
        <Demo title={t.picture}>
          <Upload
            className="w-full"
            listType="picture"
            upload={fakeUpload}
            rules={{ accept: ['image/png', 'image/jpeg'], maxWidth: 4000, maxHeight: 4000 }}
          />
        </Demo>
        <Demo title={t.disabled}>
          <Upload className="w-full" disabled upload={fakeUpload} />
        </Demo>
      </div>
    </Section>
  );
}
