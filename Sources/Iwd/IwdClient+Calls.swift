import Platform

/// Calling iwd's methods: one asynchronous call, its reply decoded or its error named.
extension IwdClient {
    /// The default for quick calls; joins pass longer (iwd's own agent timeout is 120 s).
    static let callTimeout = 25.0

    func call(_ path: String, _ interface: String, _ member: String, _ arguments: [BusValue] = [],
              timeout: Double = IwdClient.callTimeout, completion: @escaping (Result<[BusValue], IwdError>) -> Void) {
        let started = MonotonicClock.seconds()
        do {
            let message = try connection.methodCall(destination: Iwd.service, path: path, interface: interface, member: member)
            for argument in arguments { try message.append(argument) }
            try connection.call(message, timeout: timeout) { [weak self] reply in
                guard let reply else { return completion(.failure(.busGone)) }
                if let error = reply.error {
                    completion(.failure(self?.error(name: error.name, message: error.message, since: started,
                                                     timeout: timeout) ?? .busGone))
                    return
                }
                do {
                    completion(.success(try reply.arguments()))
                } catch {
                    completion(.failure(.other(name: "org.freedesktop.DBus.Error.InvalidArgs", message: "\(error)")))
                }
            }
        } catch {
            // Nothing could be sent: the connection is closed.
            completion(.failure(.busGone))
        }
    }

    /// sd-bus answers NoReply both for a call that timed out and for one the connection or iwd dropped: the time
    /// taken and the connection's state tell which.
    private func error(name: String, message: String, since started: Double, timeout: Double) -> IwdError {
        guard name == DBus.noReply else { return IwdError(name: name, message: message) }
        if connection.isOpen, MonotonicClock.seconds() - started >= timeout * 0.99 { return .timeout }
        return .busGone
    }

    /// A call whose only outcome is success or an error.
    func perform(_ path: String, _ interface: String, _ member: String, _ arguments: [BusValue] = [],
                 timeout: Double = IwdClient.callTimeout, completion: @escaping (IwdError?) -> Void) {
        call(path, interface, member, arguments, timeout: timeout) { result in
            switch result {
            case .success: completion(nil)
            case .failure(let error): completion(error)
            }
        }
    }
}
