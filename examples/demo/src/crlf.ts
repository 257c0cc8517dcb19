export const greeting = "héllo wörld";
export function shout(text: string): string {
  var loud = text.toUpperCase();
  return loud;
}
