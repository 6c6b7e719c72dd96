/**
 * The signed-in user's menu button is server-rendered, but its menu's code
 * loads on demand (account-area.tsx). A click in between — a slow connection,
 * a quick visitor — would do nothing. It is remembered here and replayed on
 * the live button, so the menu opens as soon as it can, the way it would have
 * (by keyboard, Radix moves the focus to the first item).
 */
let earlyClick: "none" | "pointer" | "keyboard" = "none";
let menuLive = false;

/** Listens from the start, in the capture phase: before the menu's code has arrived, nothing else handles the click. */
export function rememberEarlyUserMenuClicks(buttonSelector: string) {
  document.addEventListener(
    "click",
    (event) => {
      if (menuLive || !(event.target instanceof Element) || !event.target.closest(buttonSelector)) return;
      // Enter and Space on a button click it too, with no pointer behind the click (detail 0).
      earlyClick = event.detail === 0 ? "keyboard" : "pointer";
    },
    true,
  );
}

/** For the live menu, once mounted: replays an earlier click on its button. From then on the menu handles its own. */
export function replayEarlyUserMenuClick(button: HTMLElement) {
  menuLive = true;
  const replayed = earlyClick;
  earlyClick = "none";
  // What Radix's trigger opens on: a primary-button pointerdown, or Enter.
  if (replayed === "pointer") button.dispatchEvent(new PointerEvent("pointerdown", { button: 0, bubbles: true, cancelable: true }));
  if (replayed === "keyboard") button.dispatchEvent(new KeyboardEvent("keydown", { key: "Enter", bubbles: true, cancelable: true }));
}
