import { useRef } from 'react';

type AutoFocusHandler = ((event: Event) => void) | undefined;

/**
 * Returns focus to the element that opened a Radix dialog, sheet or alert dialog when it closes.
 * Radix only does this for its own <Trigger>; our dialogs are opened by ordinary buttons (open state),
 * which otherwise leaves focus on <body> after closing.
 *
 * Pass the consumer's onOpenAutoFocus / onCloseAutoFocus; spread the result on the Content.
 */
export function useReturnFocus(onOpenAutoFocus: AutoFocusHandler, onCloseAutoFocus: AutoFocusHandler) {
  const opener = useRef<HTMLElement | null>(null);
  return {
    onOpenAutoFocus: (event: Event) => {
      // Still the element that opened the dialog: Radix moves focus only after this event.
      const active = document.activeElement;
      opener.current = active instanceof HTMLElement && active !== document.body ? active : null;
      onOpenAutoFocus?.(event);
    },
    onCloseAutoFocus: (event: Event) => {
      onCloseAutoFocus?.(event);
      const target = opener.current;
      opener.current = null;
      if (event.defaultPrevented || !target?.isConnected) return;
      event.preventDefault();
      target.focus({ preventScroll: true });
    },
  };
}
