export default function ConnectView() {
  return (
    <div className="wg-view" data-testid="view-Connect">
      <p className="wg-muted">Choose how to connect.</p>
    </div>
  )
}
