/// The agent: iwd asks it for a network's passphrase while the join that needs it is still waiting for its own
/// reply, which is why every call here is asynchronous. It answers only for the join in progress (the passphrase
/// lives in memory for as long as that join and is never written anywhere); any other request, such as an
/// autoconnect to a network whose profile has a wrong password, is Canceled.
extension IwdClient {
    func registerAgent() {
        let current = generation
        call(Iwd.managerPath, Iwd.agentManager, "RegisterAgent", [.objectPath(agentPath)]) { [weak self] result in
            guard let self, current == self.generation else { return }
            switch result {
            // AlreadyExists: this connection's agent is registered already.
            case .success, .failure(.alreadyExists): self.agentRegistered = true
            case .failure: self.agentRegistered = false
            }
        }
    }

    /// A method call on the agent's path; false leaves it to sd-bus's UnknownMethod. On the system bus only root
    /// (iwd) may call a `net.connman.iwd.Agent` method (iwd's D-Bus policy), so the caller is not checked again here.
    func agentCall(_ call: BusMessage) -> Bool {
        guard call.interface == Iwd.agent else { return false }
        switch call.member {
        case "RequestPassphrase":
            let network = (try? call.arguments())?.first?.string
            if let join, let passphrase = join.passphrase, join.network == nil || join.network == network {
                try? connection.reply(to: call, .string(passphrase))
            } else {
                try? connection.replyError(to: call, name: Iwd.agentCanceled, message: "No passphrase for this network")
            }
        case "Cancel", "Release":
            // iwd gave up asking (Cancel) or dropped the agent (Release): nothing to undo, the join's reply says how
            // it ended. Both are sent without expecting a reply.
            if call.member == "Release" { agentRegistered = false }
            if call.expectsReply { try? connection.reply(to: call) }
        default:
            // The 802.1X requests: enterprise networks are out of scope, so say so rather than leave iwd waiting.
            try? connection.replyError(to: call, name: Iwd.agentCanceled, message: "Not supported")
        }
        return true
    }

    /// Starts a join whose passphrase the agent will give; the id lets the join's end clear only its own.
    func beginJoin(network: String?, passphrase: String?) -> Int {
        nextJoinID += 1
        join = PendingJoin(id: nextJoinID, network: network, passphrase: passphrase)
        return nextJoinID
    }

    func endJoin(_ id: Int) {
        if join?.id == id { join = nil }
    }
}
