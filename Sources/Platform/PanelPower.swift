/// How lit the panel is: the wall's day (night, the minutes before it, waking) decides it, the host makes it so.
public enum PanelPowerLevel: String, Sendable, Equatable {
    case on
    /// Backlight low, before the night.
    case dim
    /// Backlight off and the display off (DPMS off): a black frame alone still glows on a backlit panel.
    case off
}
