// SPDX-License-Identifier: MIT
pragma solidity 0.8.37;

/// @title AnchorRegistry: the public, tamper-evident trail of a remittance wallet's completed transactions.
/// @notice One event per record; a record id is written once. Only pseudonymous data is accepted: wallet
/// addresses, the amount, the kind, the time, and a salted hash of the platform's own reference as the id.
contract AnchorRegistry {
    /// @notice The platform key allowed to write. Fixed at deployment: nobody else can occupy a record id
    /// (a copied pending transaction would otherwise make ours fail as a duplicate).
    address public immutable operator;

    /// @notice Block number in which each record id was written; zero while it is not.
    mapping(bytes32 => uint256) public recordedAt;

    /// @param id the record id (salted hash of the transaction reference)
    /// @param from sender's wallet address, zero for a top-up
    /// @param to recipient's wallet or agency address, zero when none
    /// @param kind "transfer", "withdrawal" or "topup"
    /// @param amount decimal text in the currency's units ("150.00"): exact, no scaling to agree on
    /// @param currency ISO 4217 code
    /// @param time seconds since the Unix epoch, when the transaction completed
    event Recorded(
        bytes32 indexed id,
        address indexed from,
        address indexed to,
        string kind,
        string amount,
        string currency,
        uint64 time
    );

    error NotOperator(address caller);
    error DuplicateRecord(bytes32 id, uint256 recordedAtBlock);

    constructor() {
        operator = msg.sender;
    }

    /// @notice True once `id` has been written: what a publisher checks before sending, and again after a crash.
    function recorded(bytes32 id) external view returns (bool) {
        return recordedAt[id] != 0;
    }

    function record(
        bytes32 id,
        address from,
        address to,
        string calldata kind,
        string calldata amount,
        string calldata currency,
        uint64 time
    ) external {
        if (msg.sender != operator) revert NotOperator(msg.sender);
        uint256 previous = recordedAt[id];
        if (previous != 0) revert DuplicateRecord(id, previous);
        recordedAt[id] = block.number;
        emit Recorded(id, from, to, kind, amount, currency, time);
    }
}
