/** The fixed five-star row of a product card (not data-driven, as the spec says). */
export function Stars() {
  return (
    <span className="stars" aria-hidden="true">
      {'★★★★★'}
    </span>
  );
}
