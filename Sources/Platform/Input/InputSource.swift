/// Where a panel's fingers come from, on the event loop's thread: libinput's seat on the kiosk, the mouse in the
/// desktop window. The panel host takes either the same way: raw input in panel pixels, which its
/// `TouchAssembler` turns into touch frames, and one word when input is over for good.
public protocol InputSource: AnyObject {
    /// Each event as it comes.
    var onInput: (RawInput) -> Void { get set }
    /// Input is over, and with it the run (see `InputEnd`); nothing reaches `onInput` after it.
    var onEnd: (InputEnd) -> Void { get set }
    /// The panel is now `panelWidth`x`panelHeight` pixels (a display of another size came): coordinates span
    /// that from here on.
    func resize(panelWidth: Int, panelHeight: Int)
    /// Starts delivering: nothing reaches the handlers before.
    func start()
    /// Stops delivering: nothing reaches the handlers after.
    func stop()
}

/// Why an input source ended.
public enum InputEnd: Sendable, Equatable {
    /// A person closed it (the desktop window): the run ends as asked.
    case closed
    /// It broke past repair (libinput's descriptor reports an error): what went wrong, for the log.
    case failed(String)
}
