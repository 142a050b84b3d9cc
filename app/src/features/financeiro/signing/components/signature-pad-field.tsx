/** A drawn signature (signature_pad on a canvas), handed up as a PNG data URL; "Limpar" starts again. */
import SignaturePad from 'signature_pad';
import { useEffect, useRef } from 'react';
import { Button } from '@/components/ui/button';

export function SignaturePadField({ onChange }: { onChange: (png: string | null) => void }) {
  const canvas = useRef<HTMLCanvasElement>(null);
  const pad = useRef<SignaturePad | null>(null);
  const changed = useRef(onChange);
  useEffect(() => {
    changed.current = onChange;
  }, [onChange]);

  useEffect(() => {
    const element = canvas.current;
    if (!element) return;
    const instance = new SignaturePad(element, { penColor: '#0f172a', minWidth: 1, maxWidth: 2.5 });
    const fit = () => {
      // the canvas's pixels follow its size on screen (and the device's pixel ratio), or strokes land off the pen
      const ratio = Math.max(window.devicePixelRatio || 1, 1);
      element.width = element.offsetWidth * ratio;
      element.height = element.offsetHeight * ratio;
      element.getContext('2d')?.scale(ratio, ratio);
      instance.clear();
      changed.current(null);
    };
    fit();
    const onEnd = () => changed.current(instance.isEmpty() ? null : instance.toDataURL('image/png'));
    instance.addEventListener('endStroke', onEnd);
    window.addEventListener('resize', fit);
    pad.current = instance;
    return () => {
      instance.removeEventListener('endStroke', onEnd);
      window.removeEventListener('resize', fit);
      instance.off();
    };
  }, []);

  return (
    <div className="grid gap-2">
      <canvas
        ref={canvas}
        aria-label="Área para desenhar a sua assinatura"
        role="img"
        data-testid="signature-canvas"
        className="h-40 w-full touch-none rounded-md border border-input bg-white"
      />
      <div>
        <Button
          type="button"
          variant="outline"
          size="sm"
          onClick={() => {
            pad.current?.clear();
            onChange(null);
          }}
        >
          Limpar assinatura
        </Button>
      </div>
    </div>
  );
}
