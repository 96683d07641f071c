let context: AudioContext | null = null;

/**
 * Two short falling tones, synthesised (nothing to download, nothing for the CSP to allow). A
 * browser that blocks audio until the page was clicked stays silent; the toast still shows.
 */
export function playFailureSound(): void {
  try {
    context ??= new AudioContext();
    const start = context.currentTime;
    for (const [offset, frequency] of [
      [0, 880],
      [0.18, 660],
    ] as const) {
      const oscillator = context.createOscillator();
      const gain = context.createGain();
      oscillator.frequency.value = frequency;
      gain.gain.setValueAtTime(0.15, start + offset);
      gain.gain.exponentialRampToValueAtTime(0.001, start + offset + 0.16);
      oscillator.connect(gain).connect(context.destination);
      oscillator.start(start + offset);
      oscillator.stop(start + offset + 0.16);
    }
  } catch {
    // No audio device or no Web Audio: the toast and title still say it.
  }
}
